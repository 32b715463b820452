#!/usr/bin/env node
// `pnpm bench:duplicates`: near-duplicate documents on the labelled evaluation set (bench/evidence), without a
// language model (issue 31). A report, not a test: it prints the figures with pass/fail and exits 0 when it could
// measure.
//
//   precision of the pairs of copies found (pairs found that are labelled copies / pairs found)     >= 95 %
//   recall of the labelled pairs of copies (labelled pairs found / labelled pairs)                  >= 95 %
//
// The set's documents are read through the server's document pipeline (scans by OCR) into a scratch embedded
// database, as `pnpm bench:chronology` reads them; the server's own modules (server/dist) then compare the texts
// it stored, as the duplicates call does. Labels: bench/evidence/duplicatePairs.json (every pair not listed there as
// a copy is not one). Beside it, a plain baseline: documents whose normalised text (lower case, letters and digits)
// is exactly the same. Figures go to bench-results/bench-duplicates.json.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { importServerModule } from './lib/benchSupport.mjs';
import { indexEvidenceSet } from './lib/evidenceSet.mjs';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';

const TARGETS = { precision: 0.95, recall: 0.95 };
const LABELS = path.join(ROOT, 'bench', 'evidence', 'duplicatePairs.json');

const pairKey = (a, b) => [a, b].sort().join('+');
const percent = (value) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);

/** Precision and recall of found pairs (keys) against the labelled ones. */
function score(found, labelled) {
  const hits = [...found].filter((key) => labelled.has(key));
  return {
    found: found.size,
    correct: hits.length,
    precision: found.size === 0 ? null : hits.length / found.size,
    recall: labelled.size === 0 ? null : hits.length / labelled.size,
    missed: [...labelled].filter((key) => !found.has(key)),
    wrong: [...found].filter((key) => !labelled.has(key)),
  };
}

/**
 * Runs the benchmark and prints its lines; resolves with the figures, rejects when it could not measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runDuplicatesBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  await buildStale([serverApp()], { log });
  const [
    { openDatabase },
    { runMigrations },
    { seedDemoOrganisation },
    duplicates,
    { createRecordReviewRepository },
  ] = await Promise.all([
    importServerModule('db/openDatabase.js'),
    importServerModule('db/runMigrations.js'),
    importServerModule('seed/seedDemoOrganisation.js'),
    importServerModule('features/record-review/findNearDuplicates.js'),
    importServerModule('features/record-review/recordReviewRepository.js'),
  ]);
  const labels = JSON.parse(readFileSync(LABELS, 'utf8'));
  const labelled = new Set(labels.pairs.map((pair) => pairKey(...pair.documents)));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-duplicates-'));
  const db = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await runMigrations(db);
    await seedDemoOrganisation(db, new Date());
    const { rows } = await db.query(`SELECT id, group_id FROM patients ORDER BY id LIMIT 1`);
    const patient = { id: rows[0].id, groupId: rows[0].group_id };
    const { documents, databaseIds } = await indexEvidenceSet(db, patient, { log });
    const setIdOf = new Map([...databaseIds].map(([setId, databaseId]) => [databaseId, setId]));

    const reviews = createRecordReviewRepository(db);
    const stored = await reviews.processedDocuments(patient.id, patient.groupId);
    const texts = await reviews.texts(stored.map((document) => document.id));
    const candidates = stored.map((document) => ({ id: document.id, text: texts.get(document.id) ?? '' }));

    const started = performance.now();
    const pairs = duplicates.findNearDuplicatePairs(candidates);
    const compareMs = performance.now() - started;
    const product = score(
      new Set(pairs.map((pair) => pairKey(setIdOf.get(pair.first), setIdOf.get(pair.second)))),
      labelled,
    );

    const byNormalisedText = new Map();
    for (const candidate of candidates) {
      const hash = createHash('sha256').update(duplicates.wordsOf(candidate.text).join(' ')).digest('hex');
      byNormalisedText.set(hash, [...(byNormalisedText.get(hash) ?? []), setIdOf.get(candidate.id)]);
    }
    const baselinePairs = new Set(
      [...byNormalisedText.values()].flatMap((ids) =>
        ids.flatMap((a, i) => ids.slice(i + 1).map((b) => pairKey(a, b))),
      ),
    );
    const baseline = score(baselinePairs, labelled);

    const shingles = new Map(
      candidates.map((candidate) => [setIdOf.get(candidate.id), duplicates.shinglesOf(candidate.text)]),
    );
    const similarity = (a, b) => duplicates.jaccard(shingles.get(a), shingles.get(b));
    const labelledSimilarities = labels.pairs.map((pair) => ({
      pair: pair.documents.join('+'),
      note: pair.note,
      similarity: similarity(...pair.documents),
    }));
    const hardNegatives = labels.notCopies.map((pair) => ({
      pair: pair.documents.join('+'),
      note: pair.note,
      similarity: similarity(...pair.documents),
    }));

    const pages = documents.reduce((sum, document) => sum + document.pages.length, 0);
    console.info('');
    console.info(
      `Near-duplicate documents on the labelled set (bench/evidence): ${documents.length} documents, ${pages} pages, ` +
        `${labelled.size} labelled pairs of copies; compared in ${compareMs.toFixed(0)} ms ` +
        `(threshold ${duplicates.NEAR_DUPLICATE_THRESHOLD})`,
    );
    console.info(
      `${'measure'.padEnd(30)} ${'product'.padStart(10)} ${'baseline'.padStart(10)} ${'target'.padStart(10)}  result`,
    );
    for (const key of ['precision', 'recall']) {
      const pass = product[key] !== null && product[key] >= TARGETS[key];
      console.info(
        `${`${key} of pairs`.padEnd(30)} ${percent(product[key]).padStart(10)} ${percent(baseline[key]).padStart(10)} ` +
          `${`>= ${percent(TARGETS[key])}`.padStart(10)}  ${pass ? 'pass' : 'FAIL'}`,
      );
    }
    console.info(
      `  least similarity of a labelled copy ${Math.min(...labelledSimilarities.map((row) => row.similarity)).toFixed(3)}; ` +
        `greatest of a listed non-copy ${Math.max(...hardNegatives.map((row) => row.similarity)).toFixed(3)}`,
    );
    if (product.missed.length > 0) console.info(`  missed: ${product.missed.join(', ')}`);
    if (product.wrong.length > 0) console.info(`  wrongly paired: ${product.wrong.join(', ')}`);

    const figures = {
      documents: documents.length,
      pages,
      labelledPairs: labelled.size,
      threshold: duplicates.NEAR_DUPLICATE_THRESHOLD,
      compareMs,
      product,
      baseline,
      labelledSimilarities,
      hardNegatives,
    };
    const resultsDir = path.join(ROOT, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    const resultsFile = path.join(resultsDir, 'bench-duplicates.json');
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), targets: TARGETS, ...figures }, null, 2)}\n`,
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return figures;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDuplicatesBenchmark().catch((error) => {
    console.error(`bench:duplicates: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
