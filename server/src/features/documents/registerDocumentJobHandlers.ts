import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { JOB_TYPES } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import {
  JobCancelledError,
  JobFailedError,
  jobFailureMessage,
  JobLeaseLostError,
  isJobInterrupted,
  UNEXPECTED_JOB_FAILURE,
  type JobContext,
  type JobLogLevel,
  type JobQueue,
} from '../jobs/JobQueue.js';
import { stepTimeLimitMs } from '../jobs/stepTimeLimits.js';
import { chunkPages, type PageToIndex } from './chunkPages.js';
import { describePagesWithoutText } from './describePagesWithoutText.js';
import { DOCUMENT_MESSAGES } from './documentMessages.js';
import type { DocumentOwner } from './DocumentOwner.js';
import { createDocumentRepository, type StoredDocument } from './documentRepository.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import {
  ocrCandidates,
  pagesWithoutText,
  UnreadableDocumentError,
  type ExtractedDocument,
  type PageSource,
} from './extraction/ExtractedDocument.js';
import { extractInWorker } from './extraction/extractInWorker.js';
import type { OcrAvailability } from './ocr/ocrAvailability.js';
import { ocrTextBeyondTextLayer } from './ocr/ocrTextBeyondTextLayer.js';
import { createPageOcrRepository } from './ocr/pageOcrRepository.js';
import type { PageOcrResult } from './ocr/readPageByOcr.js';
import { readScannedPages } from './ocr/readScannedPages.js';
import {
  describeNotRead,
  describeOcrSummary,
  lowConfidenceLines,
  summariseOcr,
  type OcrSummary,
} from './ocr/summariseOcr.js';

const PAGE_SOURCE_LABELS: Record<PageSource, string> = {
  pdf: 'the PDF\u2019s pages',
  'libreoffice-layout': 'pages laid out by LibreOffice',
  'docx-page-breaks': 'pages from the file\u2019s page breaks (LibreOffice not available)',
  'doc-without-pages': 'one page: a Word 97-2003 file read without LibreOffice has no page boundaries',
  'text-form-feeds': 'pages separated by form feeds',
};

export interface DocumentJobDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** The LibreOffice command, or null when it is not installed or turned off. */
  libreOfficeCommand: string | null;
  embeddings: EmbeddingProvider | null;
  /** Whether scanned pages can be read here, and how many at once. */
  ocr: { availability: OcrAvailability; concurrency: number; lowConfidenceThreshold: number };
}

/** Chunks written per statement: small enough that other requests wait only a few milliseconds for the database. */
const CHUNKS_PER_STATEMENT = 40;
const FOREIGN_KEY_VIOLATION = '23503';
const MEGABYTE = 1024 * 1024;

interface ExtractionSummary {
  pages: number;
  pages_without_text: number[];
  page_source: PageSource;
  /** Pages whose image is to be read by OCR (absent in a step result stored before OCR existed). */
  ocr_candidates?: number[];
}

/** The ocr step's stored result: the outcome, and the sentences the result and the log give about it. */
interface OcrStepResult extends OcrSummary {
  sentences: string[];
}

const NOTHING_READ_BY_OCR: OcrStepResult = {
  ocr_pages: [],
  ocr_confidence: null,
  low_confidence_pages: [],
  blank_pages: [],
  unreadable_pages: [],
  not_read: null,
  sentences: [],
};

/** Only a stored PDF is rasterised: a Word file's pages come from a layout made on the fly. */
const pagesForOcr = (document: StoredDocument, candidates: readonly number[] | undefined) =>
  document.fileType === 'pdf' ? [...(candidates ?? [])] : [];

/** A page's log line once OCR has read it. */
function pageLogLine(page: number, result: PageOcrResult, threshold: number): [JobLogLevel, string] {
  switch (result.status) {
    case 'read':
      return result.confidence < threshold
        ? [
            'warning',
            `page ${page}: OCR confidence ${Math.round(result.confidence)} % \u2014 check the original`,
          ]
        : [
            'info',
            `page ${page} read by OCR: ${result.words} words, confidence ${Math.round(result.confidence)} %`,
          ];
    case 'blank':
      return ['info', `page ${page} is blank`];
    case 'unreadable':
      return ['warning', `page ${page}: OCR could not read it (${result.reason}) \u2014 check the original`];
  }
}

/**
 * The pages as the index takes them: each page read by OCR gains the OCR text its text layer does not already
 * hold (all of it, for a page without a text layer).
 */
function withOcrText(
  extracted: ExtractedDocument,
  results: ReadonlyMap<number, PageOcrResult>,
): PageToIndex[] {
  return extracted.pages.map((page) => {
    const result = results.get(page.page);
    if (result?.status !== 'read' || !page.ocrCandidate) return page;
    const text = page.hasTextLayer ? ocrTextBeyondTextLayer(page.text, result.text) : result.text;
    return { ...page, ocr: { text, confidence: result.confidence } };
  });
}

/** The document a job works on; it may have been deleted since the job was queued. */
async function documentOrCancel(deps: DocumentJobDeps, documentId: number): Promise<StoredDocument> {
  const document = await createDocumentRepository(deps.db).findById(documentId);
  if (!document) throw new JobCancelledError('The document was deleted before it was processed');
  return document;
}

/** Whose index a rebuild job re-derives: the job's patient, or the user its input names (opinion documents). */
function rebuildOwnerOf(job: JobContext): DocumentOwner {
  if (job.patientId !== null) return { kind: 'patient', patientId: job.patientId, groupId: job.groupId };
  const ownerUserId = Number(job.inputData.owner_user_id);
  if (!Number.isInteger(ownerUserId) || ownerUserId < 1) {
    throw new Error('A rebuild of the search index needs a patient or the owner of opinion documents');
  }
  return { kind: 'opinions', userId: ownerUserId };
}

/**
 * The job's failure in the product's words: a file found unreadable says why; any other error while the file was
 * being read says it may be damaged (the library's text stays in the error's cause, for the server log); later
 * errors (`reading` false) are the queue's unexpected failure.
 */
function readableFailure(document: StoredDocument, error: unknown, reading: boolean): unknown {
  if (error instanceof UnreadableDocumentError) {
    return new JobFailedError(`${document.filename} could not be read: ${error.message}`, { cause: error });
  }
  const ownWords = jobFailureMessage(error) !== UNEXPECTED_JOB_FAILURE || error instanceof JobCancelledError;
  if (!reading || ownWords) return error;
  return new JobFailedError(DOCUMENT_MESSAGES.unreadableFile(document.filename), { cause: error });
}

/**
 * The two document jobs. Extraction runs in a worker thread; indexing replaces a document's passages in one
 * transaction, so a job resumed after a crash re-does a step without ever duplicating passages.
 */
export function registerDocumentJobHandlers(jobs: JobQueue, deps: DocumentJobDeps): void {
  const documents = createDocumentRepository(deps.db);
  const pageOcr = createPageOcrRepository(deps.db);

  function extract(
    document: StoredDocument,
    job: JobContext,
    onPages?: (done: number, total: number) => void,
  ): Promise<ExtractedDocument> {
    return deps.files.withLocalFile(document.storageKey, (filePath) =>
      extractInWorker(
        { filePath, fileType: document.fileType, libreOfficeCommand: deps.libreOfficeCommand },
        {
          signal: job.signal,
          onPages,
          // Progress and log lines from the worker's events are best effort: a lost lease aborts the signal anyway.
          onFallback: (reason) => {
            job
              .log(
                'warning',
                `LibreOffice could not lay out ${document.filename} (${reason}); reading it directly`,
              )
              .catch(() => undefined);
          },
        },
      ),
    );
  }

  /**
   * Chunks and indexes one document, a batch of chunks per statement; null when the document was deleted
   * meanwhile. Upserts by chunk position, then the removal of any chunk past the new count, make it idempotent: a
   * job resumed after a crash, or a rebuild, never duplicates a passage.
   */
  /**
   * The passages' vectors, or null: without an embedding service, or when it fails (said once in the job's log);
   * the passages are then found by full-text search alone until the next rebuild.
   */
  async function embedOrWarn(
    texts: string[],
    signal: AbortSignal,
    warn: (message: string) => Promise<void>,
  ): Promise<number[][] | null> {
    if (!deps.embeddings) return null;
    try {
      return await deps.embeddings.embed(texts, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      await warn(`${(error as Error).message}. The passages are indexed for full-text search only.`);
      return null;
    }
  }

  async function index(
    document: StoredDocument,
    pages: readonly PageToIndex[],
    signal: AbortSignal,
    log: (level: 'warning', message: string) => Promise<void>,
  ): Promise<number | null> {
    let warned = false;
    const warn = async (message: string) => {
      if (warned) return;
      warned = true;
      await log('warning', message);
    };
    const chunks = chunkPages(pages);
    const owner = await documents.chunkOwnerOf(document.id);
    if (!owner) return null;
    try {
      for (let start = 0; start < chunks.length; start += CHUNKS_PER_STATEMENT) {
        signal.throwIfAborted();
        const batch = chunks.slice(start, start + CHUNKS_PER_STATEMENT);
        const embeddings = await embedOrWarn(
          batch.map((chunk) => chunk.text),
          signal,
          warn,
        );
        await documents.upsertChunks(document.id, owner, batch, embeddings);
        // The embedded database answers on this thread without yielding: let waiting requests in between batches.
        await nextTurnOfEventLoop();
      }
      await documents.removeChunksFrom(document.id, chunks.length);
    } catch (error) {
      // The document's row went while its chunks were being written: they went with it.
      if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    }
    return chunks.length;
  }

  /**
   * Reads the document's scanned pages by OCR (those stored earlier are taken as they are), logging each page, and
   * sums up what OCR made of them. `report` shows the progress after each page.
   */
  async function readByOcr(
    document: StoredDocument,
    job: JobContext,
    pages: readonly number[],
    pagesWithoutTextLayer: readonly number[],
    report: (done: number, total: number) => Promise<void>,
  ): Promise<OcrStepResult> {
    if (pages.length === 0) return NOTHING_READ_BY_OCR;
    const { availability, concurrency, lowConfidenceThreshold } = deps.ocr;
    const reading = await deps.files.withLocalFile(document.storageKey, (pdfPath) =>
      readScannedPages(
        { db: deps.db, clock: deps.clock, availability, concurrency },
        { documentId: document.id, pdfPath, pages },
        {
          signal: job.signal,
          throwIfCancelled: () => job.throwIfCancelled(),
          onPage: async (done, total, page, result) => {
            await report(done, total);
            await job.log(...pageLogLine(page, result, lowConfidenceThreshold));
          },
        },
      ),
    );
    if (reading.reused.length > 0) {
      await job.log(
        'info',
        `${reading.reused.length} of ${pages.length} scanned page(s) of ${document.filename} were already read by OCR: not read again`,
      );
    }
    const summary = summariseOcr(reading, pagesWithoutTextLayer, availability, lowConfidenceThreshold);
    const sentences = describeOcrSummary(summary, lowConfidenceLines(reading, summary));
    if (summary.not_read)
      await job.log('warning', `${document.filename}: ${describeNotRead(summary.not_read)}`);
    return { ...summary, sentences };
  }

  jobs.registerHandler(JOB_TYPES.DOCUMENT_PROCESSING, async (job) => {
    const document = await documentOrCancel(deps, Number(job.inputData.document_id));
    // Extraction's pages, kept between steps; a job resumed at a later step reads the file again.
    let extracted: ExtractedDocument | null = null;
    let reading = true;
    try {
      const limit = { timeLimitMs: stepTimeLimitMs('documentExtraction', document.sizeBytes / MEGABYTE) };
      const summary = await job.step<ExtractionSummary>('extract', limit, async () => {
        const read = await extract(document, job, (done, total) => {
          job
            .progress((done / total) * 100, `Reading ${document.filename}: page ${done} of ${total}`)
            .catch(() => undefined);
        });
        extracted = read;
        await job.log(
          'info',
          `Read ${read.pages.length} page(s) of ${document.filename}: ${PAGE_SOURCE_LABELS[read.pageSource]}`,
        );
        return {
          pages: read.pages.length,
          pages_without_text: pagesWithoutText(read),
          page_source: read.pageSource,
          ocr_candidates: ocrCandidates(read),
        };
      });
      reading = false;
      const ocrLimit = stepTimeLimitMs('documentOcr', pagesForOcr(document, summary.ocr_candidates).length);
      const ocr = await job.step<OcrStepResult>('ocr', { timeLimitMs: ocrLimit }, async () => {
        const result = await readByOcr(
          document,
          job,
          pagesForOcr(document, summary.ocr_candidates),
          summary.pages_without_text,
          (done, total) => job.progress((done / total) * 100, `OCR page ${done} of ${total}`),
        );
        for (const sentence of result.sentences) await job.log('info', `${document.filename}: ${sentence}`);
        return result;
      });
      const indexLimit = stepTimeLimitMs('documentIndex', summary.pages);
      const chunksCreated = await job.step('index', { timeLimitMs: indexLimit }, async () => {
        const read = extracted ?? (await extract(document, job));
        const ocrResults = ocr.ocr_pages.length > 0 ? await pageOcr.resultsOf(document.id) : new Map();
        const count = await index(document, withOcrText(read, ocrResults), job.signal, (level, message) =>
          job.log(level, message),
        );
        if (count === null)
          throw new JobCancelledError('The document was deleted while it was being processed');
        await job.log('info', `Indexed ${count} passage(s) of ${document.filename}`);
        return count;
      });
      // With OCR, a page is not searchable only when OCR read nothing on it; a blank page is said to be blank.
      const notSearchable = summary.pages_without_text.filter(
        (page) => !ocr.ocr_pages.includes(page) && !ocr.blank_pages.includes(page),
      );
      const noTextLine = describePagesWithoutText(notSearchable);
      const message = [...(noTextLine ? [noTextLine] : []), ...ocr.sentences].join('; ');
      await job.step('finish', async () => {
        if (
          !(await documents.markProcessed(
            document.id,
            summary.pages,
            summary.pages_without_text,
            ocr,
            deps.clock(),
          ))
        ) {
          throw new JobCancelledError('The document was deleted while it was being processed');
        }
        if (noTextLine) await job.log('warning', `${document.filename}: ${noTextLine}`);
        return null;
      });
      return {
        processing_result: {
          chunks_created: chunksCreated,
          pages: summary.pages,
          pages_without_text: summary.pages_without_text,
          document_id: document.id,
          filename: document.filename,
          page_source: summary.page_source,
          ocr_pages: ocr.ocr_pages,
          ocr_confidence: ocr.ocr_confidence,
          low_confidence_pages: ocr.low_confidence_pages,
          blank_pages: ocr.blank_pages,
          unreadable_pages: ocr.unreadable_pages,
          ...(ocr.not_read ? { ocr_unavailable: describeNotRead(ocr.not_read) } : {}),
          ...(message ? { message } : {}),
        },
      };
    } catch (error) {
      // Work interrupted by a lost lease or a stop is resumed later, untouched.
      if (isJobInterrupted(job, error)) throw error;
      await documents.markFailed(document.id);
      throw readableFailure(document, error, reading);
    }
  });

  jobs.registerHandler(JOB_TYPES.VECTOR_REBUILD, async (job) => {
    const owner = rebuildOwnerOf(job);
    return job.step('reindex', async () => {
      const ids = await documents.processedIdsOf(owner);
      // One checkpoint per document: a resumed rebuild starts after the last one it finished.
      const saved = (job.checkpoint ?? {}) as { done?: number[]; chunks?: number; failed?: string[] };
      const done = new Set(saved.done ?? []);
      let chunks = saved.chunks ?? 0;
      const failed = [...(saved.failed ?? [])];
      for (const [position, documentId] of ids.entries()) {
        if (done.has(documentId)) continue;
        await job.throwIfCancelled();
        const document = await documents.findById(documentId);
        if (document) {
          await job.progress((position / Math.max(1, ids.length)) * 100, `Indexing ${document.filename}`);
          try {
            const read = await extract(document, job);
            // Pages read before are taken from what was stored; only pages never read (OCR was off) are read now.
            const ocr = await readByOcr(
              document,
              job,
              pagesForOcr(document, ocrCandidates(read)),
              pagesWithoutText(read),
              (done, total) =>
                job.progress(
                  ((position + done / total) / Math.max(1, ids.length)) * 100,
                  `Indexing ${document.filename}: OCR page ${done} of ${total}`,
                ),
            );
            await documents.recordOcr(document.id, ocr);
            const results = ocr.ocr_pages.length > 0 ? await pageOcr.resultsOf(document.id) : new Map();
            const count = await index(document, withOcrText(read, results), job.signal, (level, message) =>
              job.log(level, message),
            );
            chunks += count ?? 0;
          } catch (error) {
            if (
              job.signal.aborted ||
              error instanceof JobLeaseLostError ||
              error instanceof JobCancelledError
            )
              throw error;
            failed.push(document.filename);
            await job.log('error', jobFailureMessage(readableFailure(document, error, true)));
          }
        }
        done.add(documentId);
        await job.saveCheckpoint({ done: [...done], chunks, failed });
      }
      await job.log('info', `Re-indexed ${done.size - failed.length} document(s): ${chunks} passage(s)`);
      return {
        processing_result: { chunks_created: chunks },
        rebuild_result: {
          documents_processed: done.size - failed.length,
          documents_failed: failed,
          chunks_created: chunks,
        },
      };
    });
  });
}
