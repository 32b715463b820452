#!/usr/bin/env node
// `pnpm bench:chronology`: the medical chronology of a 300-page record without a language model (issue 19). A
// report, not a test: it prints the figure with pass/fail and exits 0 when it could measure.
//
//   build of the chronology (read every indexed page, find and merge dated events, describe them by rules, save)
//   over 300 pages of one patient                                                                    <= 10 s
//
// A scratch embedded database (PGlite) gets the demo organisation, then twelve processed documents of 25 pages each
// for one patient: clinic letters, GP notes and discharge summaries of generated text with dated events in every UK
// form, dates of birth, dictated and printed dates, page footers and copies of letters, chunked as the server chunks
// pages. The server's own modules (server/dist) run against it in this process, as the job would, without HTTP.
//
// Then the accuracy on the labelled evaluation set (bench/evidence: letters, notes, scans, a Word document and text
// files with every dated clinical fact labelled by hand), read through the document pipeline for a second patient:
// recall and precision of dated facts, and of the facts found how many have the right date, kind, clinician and
// planned mark, how many numeric dates were dropped without an "unread date" entry; beside a plain baseline that
// takes every date a day-first pattern finds as an event. Figures go to bench-results/bench-chronology.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';
import { createRandom, importServerModule } from './lib/benchSupport.mjs';
import { indexEvidenceSet } from './lib/evidenceSet.mjs';
import { scoreChronology } from './lib/scoreChronology.mjs';

const BUDGET_MS = 10_000;
/** The issue's targets on the labelled set. */
const TARGETS = {
  recall: 0.95,
  precision: 0.9,
  dateAccuracy: 0.99,
  kindAccuracy: 0.9,
  clinicianAccuracy: 0.85,
  droppedNumericDates: 0,
};
const DOCUMENTS = 12;
const PAGES_PER_DOCUMENT = 25;
const PARAGRAPHS_PER_PAGE = 9;
/** Every how many pages a page repeats an earlier one (bundles are full of copies of one letter). */
const COPY_EVERY = 7;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const REGIONS = ['lumbar spine', 'cervical spine', 'right knee', 'left shoulder', 'right wrist', 'left hip'];
const CLINICIANS = ['Dr Patel', 'Mr Hughes', 'Dr Okafor', 'Professor Reid', 'Ms Carter'];

/** A date in one of the forms UK records use. */
function writtenDate(random) {
  const day = random.integer(1, 28);
  const month = random.integer(1, 12);
  const year = random.integer(2018, 2024);
  const pad = (value) => String(value).padStart(2, '0');
  switch (random.integer(0, 5)) {
    case 0:
      return `${pad(day)}/${pad(month)}/${year}`;
    case 1:
      return `${day}/${month}/${String(year).slice(2)}`;
    case 2:
      return `${day}th ${MONTHS[month - 1]} ${year}`;
    case 3:
      return `${day} ${MONTHS[month - 1].slice(0, 3)} ${String(year).slice(2)}`;
    case 4:
      return `${year}-${pad(month)}-${pad(day)}`;
    default:
      return `${pad(day)}.${pad(month)}.${year}`;
  }
}

/** One paragraph of a record: a dated clinical event, or the boilerplate and stamps that carry dates but are not. */
function paragraph(random) {
  const region = random.pick(REGIONS);
  const clinician = random.pick(CLINICIANS);
  switch (random.integer(0, 9)) {
    case 0:
      return `An MRI of the ${region} on ${writtenDate(random)} showed a disc prolapse with nerve root compression.`;
    case 1:
      return `She was reviewed by ${clinician} in the fracture clinic on ${writtenDate(random)} with ongoing pain.`;
    case 2:
      return `${clinician} performed an arthroscopy of the ${region} on ${writtenDate(random)} without complication.`;
    case 3:
      return `She was admitted to the orthopaedic ward on ${writtenDate(random)} and discharged two days later.`;
    case 4:
      return `Started on naproxen 500 mg twice daily on ${writtenDate(random)} by the GP.`;
    case 5:
      return `Physiotherapy for the ${region} began in ${random.pick(MONTHS)} ${random.integer(2018, 2024)}.`;
    case 6:
      return `Patient: Mrs Eleanor Whitfield DOB: 14/03/1968 NHS number 943 476 5919`;
    case 7:
      return `Dictated: ${writtenDate(random)} Typed: ${writtenDate(random)}`;
    case 8:
      return (
        'The claimant was accompanied by a relative and gave a clear account of events. Observations were ' +
        'within normal limits and the examination was otherwise unremarkable, and advice was given about activity.'
      );
    default:
      return `Blood test results on ${writtenDate(random)} were within normal limits apart from a raised CRP.`;
  }
}

function recordPages(random) {
  const pages = [];
  for (let index = 0; index < DOCUMENTS * PAGES_PER_DOCUMENT; index += 1) {
    if (index > 0 && index % COPY_EVERY === 0) {
      pages.push(pages[random.integer(0, index - 1)]);
      continue;
    }
    const paragraphs = Array.from({ length: PARAGRAPHS_PER_PAGE }, () => paragraph(random));
    pages.push(`${paragraphs.join('\n')}\nPage ${(index % PAGES_PER_DOCUMENT) + 1} of ${PAGES_PER_DOCUMENT}`);
  }
  return pages;
}

async function insertRecord(db, chunkPages, { patientId, groupId, pages }) {
  for (let document = 0; document < DOCUMENTS; document += 1) {
    const { rows } = await db.query(
      `INSERT INTO documents (patient_id, group_id, storage_key, filename, size_bytes, sha256, file_type, status,
                              page_count, processed_date)
       VALUES ($1, $2, $3, $4, 1000000, $3, 'pdf', 'processed', $5, now()) RETURNING id`,
      [patientId, groupId, `bench-chronology-${document}`, `records-${document + 1}.pdf`, PAGES_PER_DOCUMENT],
    );
    const ownPages = pages.slice(document * PAGES_PER_DOCUMENT, (document + 1) * PAGES_PER_DOCUMENT);
    const chunks = chunkPages(ownPages.map((text, index) => ({ page: index + 1, text, hasTextLayer: true })));
    await db.query(
      `INSERT INTO document_chunks (document_id, patient_id, page, chunk_index, start_offset, end_offset, text)
       SELECT $1, $2, page, chunk_index, start_offset, end_offset, text
         FROM unnest($3::int[], $4::int[], $5::int[], $6::int[], $7::text[])
              AS t(page, chunk_index, start_offset, end_offset, text)`,
      [
        rows[0].id,
        patientId,
        chunks.map((chunk) => chunk.page),
        chunks.map((chunk) => chunk.chunkIndex),
        chunks.map((chunk) => chunk.startOffset),
        chunks.map((chunk) => chunk.endOffset),
        chunks.map((chunk) => chunk.text),
      ],
    );
  }
}

const BASELINE_MONTHS = MONTHS.map((month) => month.slice(0, 3).toLowerCase());
/** The plain baseline: every numeric date (day first) and every "3 April 2023" on a page is an event of its line. */
function baselinePredictions(documents) {
  const predictions = [];
  const pattern = new RegExp(
    String.raw`\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(${BASELINE_MONTHS.join('|')})[a-z]*\s+(\d{4})\b`,
    'gi',
  );
  for (const document of documents) {
    document.readPages.forEach((text, index) => {
      for (const match of text.matchAll(pattern)) {
        const [day, month, year] = match[1]
          ? [Number(match[1]), Number(match[2]), match[3]]
          : [Number(match[4]), BASELINE_MONTHS.indexOf(match[5].toLowerCase()) + 1, match[6]];
        const fullYear = year.length === 2 ? (Number(year) > 30 ? 1900 : 2000) + Number(year) : Number(year);
        const pad = (value) => String(value).padStart(2, '0');
        const lineStart = text.lastIndexOf('\n', match.index) + 1;
        const lineEnd = text.indexOf('\n', match.index);
        predictions.push({
          document: document.id,
          page: index + 1,
          dateText: match[0],
          iso: `${fullYear}-${pad(month)}-${pad(day)}`,
          kind: 'consultation',
          clinician: null,
          passage: text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd),
        });
      }
    });
  }
  return predictions;
}

/** The product's events as the scorer takes them: one prediction per place, in the set's document ids. */
function productPredictions(read, described, setIdOf) {
  return read.events.flatMap((event, index) => {
    const description = described.events[index];
    return event.places.map((place) => ({
      document: setIdOf.get(place.documentId),
      page: place.page,
      dateText: event.dateText,
      iso: event.iso,
      alternativeIso: event.alternativeIso ?? null,
      planned: event.planned ?? false,
      kind: description.kind,
      clinician: description.clinician,
      passage: event.passage,
    }));
  });
}

const percent = (value) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);

/** Builds the chronology of the labelled set for `patient` and scores it and the baseline against the labels. */
async function measureAccuracy(db, chronology, patient, reporter, log) {
  const { documents, databaseIds } = await indexEvidenceSet(db, patient, { log });
  const setIdOf = new Map([...databaseIds].map(([setId, databaseId]) => [databaseId, setId]));
  const started = performance.now();
  const read = await chronology.readChronologyEvents(db, patient, 2026, reporter, 'Pritchard');
  const described = await chronology.describeChronologyEvents(read.events, null, 'Pritchard', reporter);
  const buildMs = performance.now() - started;
  const labels = documents.flatMap((document) => document.facts);
  const unread = (read.unreadDates ?? []).map((date) => ({
    ...date,
    document: setIdOf.get(date.documentId),
  }));
  const product = scoreChronology(labels, productPredictions(read, described, setIdOf), unread);
  const baseline = scoreChronology(labels, baselinePredictions(documents));
  const pages = documents.reduce((sum, document) => sum + document.pages.length, 0);
  return { documents: documents.length, pages, buildMs, product, baseline };
}

function printAccuracy({ documents, pages, buildMs, product, baseline }) {
  console.info('');
  console.info(
    `Chronology accuracy on the labelled set (bench/evidence): ${documents} documents, ${pages} pages, ` +
      `${product.labels} dated facts (+${product.unreadLabelled} unreadable), built in ${(buildMs / 1000).toFixed(2)} s`,
  );
  console.info(
    `${'measure'.padEnd(34)} ${'product'.padStart(10)} ${'baseline'.padStart(10)} ${'target'.padStart(10)}  result`,
  );
  const row = (label, key, target, format = percent) => {
    const value = product[key];
    const pass = key === 'droppedNumericDates' ? value <= target : value !== null && value >= target;
    console.info(
      `${label.padEnd(34)} ${format(value).padStart(10)} ${format(baseline[key]).padStart(10)} ` +
        `${(key === 'droppedNumericDates' ? `<= ${target}` : `>= ${percent(target)}`).padStart(10)}  ${pass ? 'pass' : 'FAIL'}`,
    );
  };
  row('recall of dated facts', 'recall', TARGETS.recall);
  row('precision (places)', 'precision', TARGETS.precision);
  row('dates right (of facts found)', 'dateAccuracy', TARGETS.dateAccuracy);
  row('kind right', 'kindAccuracy', TARGETS.kindAccuracy);
  row('clinician (author) right', 'clinicianAccuracy', TARGETS.clinicianAccuracy);
  row('numeric dates dropped silently', 'droppedNumericDates', TARGETS.droppedNumericDates, String);
  console.info(
    `  planned/done mark right ${percent(product.plannedAccuracy)}; wrong dates flagged with the right reading ` +
      `${product.wrongButFlagged}; unreadable dates listed ${product.unreadListed} of ${product.unreadLabelled}`,
  );
}

/** The figures without the long lists, and the lists in short form for reading the misses. */
function accuracyReport(accuracy) {
  const brief = ({ misses, extras, wrong, ...figures }) => ({
    ...figures,
    misses: misses.map(
      (label) => `${label.document} p${label.page} ${label.dateText} ${label.kind}: ${label.sentence}`,
    ),
    extras: extras.map(
      (prediction) =>
        `${prediction.document} p${prediction.page} ${prediction.dateText}: ${prediction.passage}`,
    ),
    wrong: wrong.map(
      ([label, prediction]) =>
        `${label.document} p${label.page} ${label.dateText}: ${label.iso}/${label.kind} read as ${prediction.iso}/${prediction.kind}`,
    ),
  });
  return { ...accuracy, product: brief(accuracy.product), baseline: brief(accuracy.baseline) };
}

/**
 * Runs the chronology benchmark and prints its line; resolves with the figures, rejects when it could not measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runChronologyBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  await buildStale([serverApp()], { log });
  const [{ openDatabase }, { runMigrations }, { seedDemoOrganisation }, { chunkPages }, chronology] =
    await Promise.all([
      importServerModule('db/openDatabase.js'),
      importServerModule('db/runMigrations.js'),
      importServerModule('seed/seedDemoOrganisation.js'),
      importServerModule('features/documents/chunkPages.js'),
      importServerModule('features/chronology/buildChronology.js'),
    ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-chronology-'));
  const db = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await runMigrations(db);
    await seedDemoOrganisation(db, new Date());
    const { rows } = await db.query(`SELECT id, group_id FROM patients ORDER BY id LIMIT 2`);
    const patient = { id: rows[0].id, groupId: rows[0].group_id };
    const evidencePatient = { id: rows[1].id, groupId: rows[1].group_id };
    const pages = recordPages(createRandom(19));
    await insertRecord(db, chunkPages, { patientId: patient.id, groupId: patient.groupId, pages });
    log(`Indexed ${pages.length} pages of ${DOCUMENTS} documents`);

    const reporter = {
      progress: async () => {},
      log: async () => {},
      throwIfCancelled: async () => {},
      signal: new AbortController().signal,
    };
    const started = performance.now();
    const read = await chronology.readChronologyEvents(db, patient, new Date().getUTCFullYear(), reporter);
    const readMs = performance.now() - started;
    const described = await chronology.describeChronologyEvents(read.events, null, 'Whitfield', reporter);
    await chronology.saveChronology(db, patient.id, {
      ...described,
      jobId: null,
      builtAt: new Date(),
      documentsFingerprint: read.documentsFingerprint,
    });
    const totalMs = performance.now() - started;
    const places = read.events.reduce((sum, event) => sum + event.places.length, 0);

    console.info('');
    console.info(
      `Medical chronology, embedded database (PGlite), no language model, ${os.cpus().length} cores, load average ` +
        `${os.loadavg()[0].toFixed(1)}:`,
    );
    console.info(
      `  ${read.pages} pages read in ${(readMs / 1000).toFixed(2)} s; ${read.events.length} events at ${places} places`,
    );
    console.info(
      `  build of the chronology: ${(totalMs / 1000).toFixed(2)} s (budget <= ${BUDGET_MS / 1000} s)  ` +
        `${totalMs <= BUDGET_MS ? 'pass' : 'FAIL'}`,
    );
    const accuracy = await measureAccuracy(db, chronology, evidencePatient, reporter, log);
    printAccuracy(accuracy);
    const figures = {
      pages: read.pages,
      events: read.events.length,
      places,
      readMs,
      totalMs,
      budgetMs: BUDGET_MS,
    };
    const resultsDir = path.join(ROOT, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    const resultsFile = path.join(resultsDir, 'bench-chronology.json');
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), speed: figures, targets: TARGETS, accuracy: accuracyReport(accuracy) }, null, 2)}\n`,
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return { ...figures, accuracy };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runChronologyBenchmark().catch((error) => {
    console.error(`bench:chronology: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
