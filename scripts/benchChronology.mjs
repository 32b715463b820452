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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, serverApp } from './lib/workspace.mjs';
import { createRandom, importServerModule } from './lib/benchSupport.mjs';

const BUDGET_MS = 10_000;
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
    const { rows } = await db.query(`SELECT id, group_id FROM patients ORDER BY id LIMIT 1`);
    const patient = { id: rows[0].id, groupId: rows[0].group_id };
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
    return { pages: read.pages, events: read.events.length, places, readMs, totalMs, budgetMs: BUDGET_MS };
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
