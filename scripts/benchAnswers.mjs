#!/usr/bin/env node
// `pnpm bench:answers`, also part of `pnpm bench`: record questions at a large patient's size (issue 11). A report,
// not a test: it prints each figure with pass/fail and exits 0 when it could measure.
//
//   retrieval (searchPassages, k = 8) over 10,000 passages of one patient, ~50 varied questions    p95 <= 50 ms
//   a retrieval-only answer (answerQuestion without a language model), end to end                   p95 <= 1 s
//   the index fingerprint the answer cache is keyed by                                               (reported)
//
// A scratch embedded database (PGlite) gets the demo organisation, then 10,000 passages of generated medical text
// for one patient and 10,000 more spread over five other patients of both groups, so that the scope filter has
// work to do. The server's own modules (server/dist) run against it in this process, without HTTP: the figures are
// the retrieval and the composition, not the network.
//
// First, the accuracy on the labelled evaluation set (bench/evidence): its documents read through the document
// pipeline for one patient of a scratch database, then each hand-written question (verbatim, paraphrased in lay
// words, dates and numbers, and terms the records never mention) asked of the product's retrieval and of a plain
// BM25 index (MiniSearch's BM25+ over the same passages, built in the same run): hit@1, hit@8 and MRR of the first
// passage on a page that answers it, per question type, and whether the retrieval-only answer opens with the
// statement that the question's terms are not in the records exactly when they are not.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile } from './lib/benchApi.mjs';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';
import { createRandom, importServerModule } from './lib/benchSupport.mjs';
import { indexEvidenceSet } from './lib/evidenceSet.mjs';
import { answeringPages, firstHit, summariseRanks } from './lib/scoreAnswers.mjs';
import { QUESTIONS_FILE } from '../bench/evidence/generateEvidenceSet.mjs';

const BUDGETS_MS = { searchP95: 50, answerP95: 1_000 };
/** The issue's targets on the labelled set. */
const ACCURACY_TARGETS = { hitAt1: 0.85, hitAtK: 1, paraphraseHitAt1: 0.75 };
/** How a retrieval-only answer says that the question's terms are nowhere in the records. */
const NO_MATCH_STATEMENT = /does not appear in the records|do not appear in the records/i;
const TARGET_PASSAGES = 10_000;
const OTHER_PATIENTS = 5;
const OTHER_PASSAGES_EACH = 2_000;
const PASSAGES_PER_DOCUMENT = 250;
const WORDS_PER_PASSAGE = 220;
const ROWS_PER_INSERT = 500;
const K = 8;
const WARM_UP_ROUNDS = 1;
const MEASURED_ROUNDS = 3;

const SIDES = ['left', 'right'];
const REGIONS = [
  'lumbar spine',
  'cervical spine',
  'thoracic spine',
  'knee',
  'shoulder',
  'wrist',
  'hip',
  'ankle',
  'elbow',
  'pelvis',
];
const INVESTIGATIONS = ['MRI', 'X-ray', 'CT scan', 'ultrasound', 'nerve conduction study', 'bone scan'];
const FINDINGS = [
  'a disc prolapse at L4/5 with compression of the traversing nerve root',
  'a tear of the medial meniscus',
  'a partial thickness tear of the supraspinatus tendon',
  'an undisplaced fracture of the distal radius',
  'mild degenerative change in keeping with age',
  'no acute bony injury',
  'a joint effusion with bone marrow oedema',
  'narrowing of the C5/6 exit foramina',
  'a haematoma over the lateral malleolus',
  'soft tissue swelling without fracture',
];
const SYMPTOMS = [
  'neck pain radiating to the shoulder',
  'low back pain with sciatica',
  'pins and needles in the fingers',
  'stiffness in the morning',
  'difficulty climbing stairs',
  'headaches and poor sleep',
  'anxiety when travelling by car',
  'flashbacks of the collision',
  'swelling after walking',
  'clicking and giving way of the knee',
];
const DRUGS = [
  'naproxen 500 mg twice daily',
  'co-codamol 30/500 as required',
  'amitriptyline 10 mg at night',
  'sertraline 50 mg daily',
  'ibuprofen 400 mg three times daily',
  'pregabalin 75 mg twice daily',
];
const CLINICIANS = [
  'Dr Patel',
  'Mr Hughes, consultant orthopaedic surgeon',
  'the practice nurse',
  'Dr Okafor',
  'the physiotherapist',
  'Dr Reid, consultant psychiatrist',
];
const SETTINGS = [
  'the emergency department',
  'the fracture clinic',
  'the GP surgery',
  'the physiotherapy department',
  'the pain clinic',
];
const FILLER =
  'The claimant was accompanied by a relative and gave a clear account of events. Observations were within normal ' +
  'limits and the examination was otherwise unremarkable. Advice was given about activity, analgesia and when to ' +
  'seek further help, and a copy of this letter was sent to the general practitioner.';

function clinicalDate(random) {
  const day = String(random.integer(1, 28)).padStart(2, '0');
  const month = String(random.integer(1, 12)).padStart(2, '0');
  return `${day}/${month}/${random.integer(2018, 2024)}`;
}

/** One passage of a generated record: a few clinical sentences and the boilerplate real letters carry. */
function passageText(random) {
  const sentences = [];
  let words = 0;
  while (words < WORDS_PER_PASSAGE) {
    const sentence = (() => {
      switch (random.integer(0, 5)) {
        case 0:
          return `${random.pick(INVESTIGATIONS)} of the ${random.pick(SIDES)} ${random.pick(REGIONS)} on ${clinicalDate(random)} showed ${random.pick(FINDINGS)}.`;
        case 1:
          return `Seen by ${random.pick(CLINICIANS)} in ${random.pick(SETTINGS)} on ${clinicalDate(random)} with ${random.pick(SYMPTOMS)}.`;
        case 2:
          return `Current medication: ${random.pick(DRUGS)}.`;
        case 3:
          return `The claimant reports ${random.pick(SYMPTOMS)} since the road traffic collision.`;
        case 4:
          return `Referred for ${random.integer(4, 12)} sessions of physiotherapy for the ${random.pick(REGIONS)}.`;
        default:
          return FILLER;
      }
    })();
    sentences.push(sentence);
    words += sentence.split(' ').length;
  }
  return sentences.join(' ');
}

/** About fifty questions as an expert types them: short and long, with dates, drugs, rare and common words. */
function benchmarkQuestions(random) {
  const questions = [
    'When was the first MRI and what did it show?',
    'Is there any mention of a disc prolapse at L4/5?',
    'What medication is the claimant taking for pain?',
    'Has the claimant seen a psychiatrist?',
    'What happened on 12/03/2021?',
    'Summarise the physiotherapy',
    'flashbacks',
    'Did the X-ray of the wrist show a fracture of the distal radius?',
    'What is the prognosis?',
    'What did they say?',
    'Was there a tear of the supraspinatus tendon on ultrasound of the right shoulder?',
    'List every investigation of the cervical spine and its findings, with dates, in order.',
    'Has the claimant been prescribed sertraline or amitriptyline, and at what dose?',
    'Any nerve conduction study?',
    'Who is Mr Hughes?',
  ];
  while (questions.length < 50) {
    switch (random.integer(0, 4)) {
      case 0:
        questions.push(`What did the ${random.pick(INVESTIGATIONS)} of the ${random.pick(REGIONS)} show?`);
        break;
      case 1:
        questions.push(`What happened on ${clinicalDate(random)}?`);
        break;
      case 2:
        questions.push(`Does the claimant have ${random.pick(SYMPTOMS)}?`);
        break;
      case 3:
        questions.push(`Is ${random.pick(DRUGS).split(' ')[0]} mentioned in the records?`);
        break;
      default:
        questions.push(`${random.pick(FINDINGS)} ${random.pick(SIDES)} ${random.pick(REGIONS)}`);
    }
  }
  return questions;
}

async function insertPassages(db, { patientId, groupId, count, random, label }) {
  for (let first = 0; first < count; first += PASSAGES_PER_DOCUMENT) {
    const { rows } = await db.query(
      `INSERT INTO documents (patient_id, group_id, storage_key, filename, size_bytes, sha256, file_type, status,
                              page_count, processed_date)
       VALUES ($1, $2, $3, $4, 1000000, $3, 'pdf', 'processed', $5, now()) RETURNING id`,
      [
        patientId,
        groupId,
        `bench-${label}-${first}`,
        `${label}-records-${first / PASSAGES_PER_DOCUMENT + 1}.pdf`,
        PASSAGES_PER_DOCUMENT / 2,
      ],
    );
    const documentId = rows[0].id;
    const total = Math.min(PASSAGES_PER_DOCUMENT, count - first);
    for (let start = 0; start < total; start += ROWS_PER_INSERT) {
      const texts = Array.from({ length: Math.min(ROWS_PER_INSERT, total - start) }, () =>
        passageText(random),
      );
      const indexes = texts.map((_, i) => start + i);
      await db.query(
        `INSERT INTO document_chunks (document_id, patient_id, page, chunk_index, start_offset, end_offset, text)
         SELECT $1, $2, chunk_index / 2 + 1, chunk_index, 0, length(text), text
           FROM unnest($3::int[], $4::text[]) AS t(chunk_index, text)`,
        [documentId, patientId, indexes, texts],
      );
    }
  }
}

async function time(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

const ratio = (value) => `${(value * 100).toFixed(1)} %`;

/** Asks every question of the labelled set of the product and of BM25; prints and resolves with the figures. */
async function measureAnswerAccuracy(server, log) {
  const { openDatabase, runMigrations, seedDemoOrganisation, analyzeDatabase, search, answers } = server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-evidence-'));
  const db = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await runMigrations(db);
    await seedDemoOrganisation(db, new Date());
    const { rows } = await db.query(`SELECT id, group_id FROM patients ORDER BY id LIMIT 1`);
    const patient = { id: rows[0].id, groupId: rows[0].group_id };
    const { documents, databaseIds } = await indexEvidenceSet(db, patient, { log });
    await analyzeDatabase(db);
    const setIdOf = new Map([...databaseIds].map(([setId, databaseId]) => [databaseId, setId]));
    const { rows: chunks } = await db.query(
      `SELECT id, document_id, page, text FROM document_chunks WHERE patient_id = $1 ORDER BY id`,
      [patient.id],
    );
    const bm25 = new MiniSearch({ fields: ['text'], storeFields: ['document', 'page'] });
    bm25.addAll(
      chunks.map((chunk) => ({
        id: Number(chunk.id),
        text: chunk.text,
        document: setIdOf.get(chunk.document_id),
        page: chunk.page,
      })),
    );
    const { questions } = JSON.parse(readFileSync(QUESTIONS_FILE, 'utf8'));
    const scope = { kind: 'patient', patientId: patient.id };
    const signal = new AbortController().signal;
    const results = [];
    for (const question of questions) {
      const passages = await search.searchPassages(db, scope, question.question, K, {
        embeddings: null,
        signal,
      });
      const answer = await answers.answerQuestion(
        { db, ai: null, embeddings: null },
        scope,
        question.question,
        {
          k: K,
          signal,
        },
      );
      const product = passages.map((passage) => ({
        document: setIdOf.get(passage.documentId),
        page: passage.page,
      }));
      const baseline = bm25.search(question.question).slice(0, K);
      const noMatch = NO_MATCH_STATEMENT.test(answer.response.split('\n')[0]);
      if (question.type === 'absent') {
        results.push({ id: question.id, type: question.type, noMatch });
        continue;
      }
      const answering = answeringPages(documents, question);
      results.push({
        id: question.id,
        type: question.type,
        productRank: firstHit(product, answering),
        baselineRank: firstHit(baseline, answering),
        noMatch,
      });
    }
    const ranked = results.filter((result) => result.type !== 'absent');
    const absent = results.filter((result) => result.type === 'absent');
    const summary = summariseRanks(ranked, K);
    const noMatchWhenAbsent = absent.filter((result) => result.noMatch).length;
    const noMatchWhenAnswered = ranked.filter((result) => result.noMatch).length;
    console.info('');
    console.info(
      `Record answers on the labelled set (bench/evidence): ${questions.length} questions, ${chunks.length} passages; ` +
        `product retrieval (no embeddings) beside BM25 (MiniSearch BM25+):`,
    );
    console.info(
      `${'type'.padEnd(14)} ${'n'.padStart(3)} ${'hit@1'.padStart(16)} ${`hit@${K}`.padStart(16)} ${'MRR'.padStart(14)}`,
    );
    for (const [type, { product, baseline }] of Object.entries(summary)) {
      const pair = (a, b, format) => `${format(a)} / ${format(b)}`;
      console.info(
        `${type.padEnd(14)} ${String(product.questions).padStart(3)} ${pair(product.hitAt1, baseline.hitAt1, ratio).padStart(16)} ` +
          `${pair(product.hitAtK, baseline.hitAtK, ratio).padStart(16)} ${pair(product.mrr, baseline.mrr, (v) => v.toFixed(3)).padStart(14)}`,
      );
    }
    const all = summary.all.product;
    const paraphrase = summary.paraphrase?.product.hitAt1 ?? 0;
    console.info(
      `targets: hit@1 >= ${ratio(ACCURACY_TARGETS.hitAt1)} ${all.hitAt1 >= ACCURACY_TARGETS.hitAt1 ? 'pass' : 'FAIL'}; ` +
        `hit@${K} = 100 % ${all.hitAtK >= ACCURACY_TARGETS.hitAtK ? 'pass' : 'FAIL'}; paraphrased hit@1 >= ` +
        `${ratio(ACCURACY_TARGETS.paraphraseHitAt1)} ${paraphrase >= ACCURACY_TARGETS.paraphraseHitAt1 ? 'pass' : 'FAIL'}`,
    );
    console.info(
      `no-match statement: ${noMatchWhenAbsent} of ${absent.length} questions whose term is absent ` +
        `${noMatchWhenAbsent === absent.length ? 'pass' : 'FAIL'}; ${noMatchWhenAnswered} of ${ranked.length} answered ` +
        `questions ${noMatchWhenAnswered === 0 ? 'pass' : 'FAIL'}`,
    );
    return {
      questions: questions.length,
      passages: chunks.length,
      targets: ACCURACY_TARGETS,
      summary,
      noMatchWhenAbsent,
      noMatchWhenAnswered,
      results,
    };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs the record-question benchmark and prints its table; resolves with the figures, rejects when it could not
 * measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runAnswersBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  await buildStale([serverApp()], { log });
  const modules = await Promise.all([
    importServerModule('db/openDatabase.js'),
    importServerModule('db/runMigrations.js'),
    importServerModule('seed/seedDemoOrganisation.js'),
    importServerModule('db/analyzeDatabase.js'),
    importServerModule('features/answers/searchPassages.js'),
    importServerModule('features/answers/answerQuestion.js'),
    importServerModule('features/answers/indexFingerprint.js'),
  ]);
  const [
    { openDatabase },
    { runMigrations },
    { seedDemoOrganisation },
    { analyzeDatabase },
    search,
    answers,
    fingerprint,
  ] = modules;
  const server = { openDatabase, runMigrations, seedDemoOrganisation, analyzeDatabase, search, answers };
  const accuracy = await measureAnswerAccuracy(server, log);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-answers-'));
  const resultsDir = path.join(ROOT, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  const db = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await runMigrations(db);
    await seedDemoOrganisation(db, new Date());
    const { rows: patients } = await db.query(`SELECT id, group_id FROM patients ORDER BY id`);
    if (patients.length < OTHER_PATIENTS + 1) throw new Error('The demo organisation has too few patients');
    // The other patients come from both ends of the list, so both groups have passages.
    const [target, ...others] = [...patients.slice(0, OTHER_PATIENTS - 1), ...patients.slice(-2)];
    const random = createRandom(2026);
    const started = performance.now();
    log(
      `Indexing ${TARGET_PASSAGES} passages for one patient and ${OTHER_PATIENTS * OTHER_PASSAGES_EACH} for others ...`,
    );
    await insertPassages(db, {
      patientId: target.id,
      groupId: target.group_id,
      count: TARGET_PASSAGES,
      random,
      label: 'target',
    });
    for (const [index, other] of others.entries()) {
      await insertPassages(db, {
        patientId: other.id,
        groupId: other.group_id,
        count: OTHER_PASSAGES_EACH,
        random,
        label: `other-${index}`,
      });
    }
    await analyzeDatabase(db);
    log(`Indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const scope = { kind: 'patient', patientId: target.id };
    const questions = benchmarkQuestions(createRandom(7));
    const signal = new AbortController().signal;
    const searchMs = [];
    const answerMs = [];
    const fingerprintMs = [];
    let emptyAnswers = 0;
    for (let round = 0; round < WARM_UP_ROUNDS + MEASURED_ROUNDS; round += 1) {
      const measured = round >= WARM_UP_ROUNDS;
      for (const question of questions) {
        const searched = await time(() =>
          search.searchPassages(db, scope, question, K, { embeddings: null, signal }),
        );
        const answered = await time(() =>
          answers.answerQuestion({ db, ai: null, embeddings: null }, scope, question, { k: K, signal }),
        );
        const fingerprinted = await time(() => fingerprint.indexFingerprint(db, scope));
        if (!measured) continue;
        searchMs.push(searched.ms);
        answerMs.push(answered.ms);
        fingerprintMs.push(fingerprinted.ms);
        if (answered.result.source_locations.length === 0) emptyAnswers += 1;
      }
    }

    const rows = [
      {
        measure: `retrieval, k = ${K}, ${TARGET_PASSAGES.toLocaleString('en-GB')} passages`,
        p50: percentile(searchMs, 0.5),
        p95: percentile(searchMs, 0.95),
        budget: BUDGETS_MS.searchP95,
      },
      {
        measure: 'retrieval-only answer, end to end',
        p50: percentile(answerMs, 0.5),
        p95: percentile(answerMs, 0.95),
        budget: BUDGETS_MS.answerP95,
      },
      {
        measure: 'index fingerprint (answer cache key)',
        p50: percentile(fingerprintMs, 0.5),
        p95: percentile(fingerprintMs, 0.95),
        budget: null,
      },
    ];
    console.info('');
    console.info(
      `Record questions, embedded database (PGlite), ${questions.length} questions x ${MEASURED_ROUNDS} rounds, ` +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    console.info(
      `${'measure'.padEnd(44)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'budget'.padStart(16)}  result`,
    );
    for (const row of rows) {
      const result = row.budget === null ? 'reported' : row.p95 <= row.budget ? 'pass' : 'FAIL';
      console.info(
        `${row.measure.padEnd(44)} ${`${row.p50.toFixed(1)} ms`.padStart(10)} ${`${row.p95.toFixed(1)} ms`.padStart(10)} ` +
          `${row.budget === null ? '-' : `p95 <= ${row.budget} ms`}`.padStart(16) +
          `  ${result}`,
      );
    }
    console.info(`(${emptyAnswers} of ${questions.length * MEASURED_ROUNDS} answers found no passage)`);
    const resultsFile = path.join(resultsDir, 'bench-answers.json');
    writeFileSync(
      resultsFile,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          cores: os.cpus().length,
          loadAverageAtEnd: os.loadavg()[0],
          budgetsMs: BUDGETS_MS,
          passages: { target: TARGET_PASSAGES, others: OTHER_PATIENTS * OTHER_PASSAGES_EACH },
          questions,
          rows,
          emptyAnswers,
          accuracy,
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return rows;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAnswersBenchmark().catch((error) => {
    console.error(`bench:answers: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
