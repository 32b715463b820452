// The labelled evaluation set (bench/evidence) taken through the server's own document pipeline, as
// `pnpm bench:chronology` and `pnpm bench:answers` measure it: each document rendered in its format, read page by
// page as the server reads an upload (readDocument; pages without a text layer by OCR, tesseract and pdftoppm),
// chunked as the server chunks, and stored for one patient of a scratch embedded database.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateEvidenceSet } from '../../bench/evidence/generateEvidenceSet.mjs';
import { importServerModule } from './benchSupport.mjs';
import { ROOT } from './workspace.mjs';

/**
 * OCR results kept between runs, keyed by the printed text of the page (the scan is made from it the same way each
 * time): a rerun need not read the scans again. Delete the folder to read them afresh.
 */
const OCR_CACHE_DIR = path.join(ROOT, 'bench-results', 'evidence-ocr-cache');

async function ocrPage(readPageByOcr, filePath, page, printedText) {
  const key = createHash('sha256').update(printedText).digest('hex');
  const cached = path.join(OCR_CACHE_DIR, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  const result = await readPageByOcr(
    { tesseractCommand: 'tesseract', pdftoppmCommand: 'pdftoppm' },
    filePath,
    page,
  );
  mkdirSync(OCR_CACHE_DIR, { recursive: true });
  writeFileSync(cached, JSON.stringify(result));
  return result;
}

/**
 * Generates the set, reads and indexes every document for `patient`; resolves with the documents (their labels
 * included), a map from the set's document id to the database's, and the pages as read.
 * @param {import('../../server/src/db/Database.js').Database} db
 * @param {{ id: number, groupId: number }} patient
 * @param {{ log: (line: string) => void }} options
 */
export async function indexEvidenceSet(db, patient, { log }) {
  const [{ readDocument }, { readPageByOcr }, { chunkPages }] = await Promise.all([
    importServerModule('features/documents/extraction/readDocument.js'),
    importServerModule('features/documents/ocr/readPageByOcr.js'),
    importServerModule('features/documents/chunkPages.js'),
  ]);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-evidence-'));
  try {
    const documents = await generateEvidenceSet(workDir);
    const databaseIds = new Map();
    let ocrPages = 0;
    for (const document of documents) {
      const filePath = path.join(workDir, document.filename);
      const extracted = await readDocument(filePath, document.fileType, { libreOfficeCommand: null });
      const pages = [];
      for (const page of extracted.pages) {
        if (page.hasTextLayer && !page.ocrCandidate) {
          pages.push(page);
          continue;
        }
        ocrPages += 1;
        const result = await ocrPage(readPageByOcr, filePath, page.page, document.pages[page.page - 1] ?? '');
        pages.push(
          result.status === 'read'
            ? { ...page, ocr: { text: result.text, confidence: result.confidence } }
            : page,
        );
      }
      const { rows } = await db.query(
        `INSERT INTO documents (patient_id, group_id, storage_key, filename, size_bytes, sha256, file_type, status,
                                page_count, processed_date)
         VALUES ($1, $2, $3, $4, 1000, $3, $5, 'processed', $6, now()) RETURNING id`,
        [
          patient.id,
          patient.groupId,
          `evidence-${document.id}`,
          document.filename,
          document.fileType,
          pages.length,
        ],
      );
      databaseIds.set(document.id, rows[0].id);
      document.databaseId = rows[0].id;
      document.readPages = pages.map((page) => (page.ocr ? page.ocr.text : page.text));
      const chunks = chunkPages(pages);
      await db.query(
        `INSERT INTO document_chunks (document_id, patient_id, page, chunk_index, start_offset, end_offset, text,
                                      source, ocr_confidence)
         SELECT $1, $2, page, chunk_index, start_offset, end_offset, text, source, ocr_confidence
           FROM unnest($3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[], $9::real[])
                AS t(page, chunk_index, start_offset, end_offset, text, source, ocr_confidence)`,
        [
          rows[0].id,
          patient.id,
          chunks.map((chunk) => chunk.page),
          chunks.map((chunk) => chunk.chunkIndex),
          chunks.map((chunk) => chunk.startOffset),
          chunks.map((chunk) => chunk.endOffset),
          chunks.map((chunk) => chunk.text),
          chunks.map((chunk) => chunk.source),
          chunks.map((chunk) => chunk.ocrConfidence),
        ],
      );
    }
    const pageCount = documents.reduce((sum, document) => sum + document.pages.length, 0);
    log(`Evidence set: ${documents.length} documents, ${pageCount} pages (${ocrPages} read by OCR) indexed`);
    return { documents, databaseIds };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The set's document ids that hold the same text as `id` (itself, its source, and every copy of either). */
export function copiesOf(documents, id) {
  const root = documents.find((document) => document.id === id)?.copyOf ?? id;
  return new Set(
    documents
      .filter((document) => document.id === root || document.copyOf === root)
      .map((document) => document.id),
  );
}
