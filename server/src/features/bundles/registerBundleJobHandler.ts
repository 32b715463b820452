import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { JOB_TYPES, type OmittedDuplicate } from '@ewrt/contract';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { findDocument } from '../documents/findDocument.js';
import type { StoredDocument } from '../documents/StoredDocument.js';
import { convertWithLibreOffice } from '../documents/extraction/convertWithLibreOffice.js';
import { extractInWorker } from '../documents/extraction/extractInWorker.js';
import { newStorageKey, StoredFileMissingError, type FileStore } from '../../platform/files/FileStore.js';
import {
  isJobInterrupted,
  JobCancelledError,
  jobEndingOf,
  JobFailedError,
  jobFailureMessage,
  type JobContext,
  type JobQueue,
} from '../jobs/JobQueue.js';
import { stepTimeLimitMs } from '../jobs/stepTimeLimits.js';
import { ocrWordsOfDocument } from '../page-views/ocrWordsOfDocument.js';
import { addBundleNavigation } from './addBundleNavigation.js';
import { addInvisibleText } from './addInvisibleText.js';
import { isoDateToEnGb, londonEnGbDate } from './bundleDates.js';
import { createBundleRepository, type NewBundleEntry, type StoredBundle } from './bundleRepository.js';
import type { OmittedDuplicateInput } from './omittedDuplicateInput.js';
import { planBundleIndex, type BundleIndexPlan } from './planBundleIndex.js';
import { renderTextAsPdf } from './renderTextAsPdf.js';
import { stampPageNumber } from './stampPageNumber.js';

export interface BundleJobDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** The LibreOffice command, or null when it is not installed or turned off. */
  libreOfficeCommand: string | null;
  log: FastifyBaseLogger;
}

/** How a document's pages came to be PDF pages in the bundle (said in the job's log). */
type RenderedFrom = 'pdf' | 'libreoffice' | 'text';

/** One document as PDF pages, ready to be copied into the bundle. */
interface RenderedDocument {
  documentId: number;
  filename: string;
  /** How the index and the outline name it (absent in a checkpoint saved before descriptions: the file name). */
  description?: string;
  documentDate: string | null;
  /** The PDF to copy: the original for a PDF, else a rendering kept in the store until the job ends. */
  storageKey: string;
  temporary: boolean;
  from: RenderedFrom;
  pageCount: number;
  /** `firstPageOf[p - 1]`: the page of that PDF (1-based) where the document's own page p begins. */
  firstPageOf: number[];
}

interface RenderCheckpoint {
  rendered: RenderedDocument[];
  /** Documents passed over (deleted meanwhile). */
  skipped: number[];
}

interface AssembledBundle {
  pdf: PDFDocument;
  font: PDFFont;
  index: BundleIndexPlan;
  entries: NewBundleEntry[];
  /** The set-aside copies the index lists, numbered by the documents placed. */
  omitted: OmittedDuplicate[];
  indexed: boolean;
}

const FROM_LABELS: Record<RenderedFrom, string> = {
  pdf: 'its own PDF pages',
  libreoffice: 'pages laid out by LibreOffice',
  text: 'its text set on A4 pages',
};

/** "14/03/2023 — Mr P. Fletcher, Consultant Orthopaedic Surgeon — clinic letter": the date, then the description. */
const bookmarkTitle = (entry: NewBundleEntry) =>
  `${entry.documentDate ? isoDateToEnGb(entry.documentDate) : 'Undated'} — ${entry.description}`;

/** Pages copied per call: one copier shares fonts and images between them, and the API gets a turn in between. */
const PAGES_PER_COPY = 20;

const readStored = (files: FileStore, storageKey: string) =>
  files.withLocalFile(storageKey, (filePath) => readFile(filePath));

/**
 * The copies the index lists as omitted, each pointing at the number its kept document has among those placed
 * (none when that document was deleted meanwhile and left out).
 */
function numberOmitted(
  omitted: readonly OmittedDuplicateInput[],
  rendered: readonly RenderedDocument[],
): OmittedDuplicate[] {
  const numbers = new Map(rendered.map((document, index) => [document.documentId, index + 1]));
  return omitted.map(({ duplicate_of_document_id: keptId, ...copy }) => ({
    ...copy,
    duplicate_of: { ...copy.duplicate_of, position: numbers.get(keptId) ?? null },
  }));
}

/** Loads a PDF for copying, or null when pdf-lib cannot use it as it is (encrypted or damaged). */
async function loadCopyable(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    return null;
  }
}

/**
 * The record bundle job: renders each document to PDF pages (a checkpoint after each, so a resumed job does not
 * convert again), copies them into one PDF behind the index pages, stamps every page "Page N", and stores it as the
 * patient's current bundle. The previous bundle stays current until this one is saved, and its file is removed
 * only then. One source document is in memory at a time, and the work yields between pages so that the API keeps
 * answering while a bundle of hundreds of pages is made.
 */
export function registerBundleJobHandler(jobs: JobQueue, deps: BundleJobDeps): void {
  const { db, files } = deps;
  const bundles = createBundleRepository(db);

  async function storeTemporary(pdf: Uint8Array): Promise<string> {
    const key = newStorageKey();
    await files.put(key, Readable.from([Buffer.from(pdf)]));
    return key;
  }

  async function extractedPages(document: StoredDocument, job: JobContext): Promise<string[]> {
    const extracted = await files.withLocalFile(document.storageKey, (filePath) =>
      // Without LibreOffice a Word file's pages are those of its page breaks: the pages its citations name.
      extractInWorker(
        { filePath, fileType: document.fileType, libreOfficeCommand: null },
        { signal: job.signal },
      ),
    );
    const pages = extracted.pages.map((page) =>
      page.hasTextLayer || page.text.trim() !== ''
        ? page.text
        : `[Page ${page.page} has no text layer: see the original file]`,
    );
    return pages.length > 0 ? pages : [''];
  }

  async function renderAsText(
    document: StoredDocument,
    job: JobContext,
    base: Pick<RenderedDocument, 'documentId' | 'filename' | 'description' | 'documentDate'>,
  ): Promise<RenderedDocument> {
    const rendered = await renderTextAsPdf(await extractedPages(document, job));
    return {
      ...base,
      storageKey: await storeTemporary(rendered.pdf),
      temporary: true,
      from: 'text',
      pageCount: rendered.pageCount,
      firstPageOf: rendered.firstPageOf,
    };
  }

  async function render(
    document: StoredDocument,
    documentDate: string | null,
    description: string,
    job: JobContext,
  ): Promise<RenderedDocument> {
    const base = { documentId: document.id, filename: document.filename, description, documentDate };
    if (document.fileType === 'pdf') {
      const source = await loadCopyable(await readStored(files, document.storageKey));
      if (source) {
        const pageCount = source.getPageCount();
        return {
          ...base,
          storageKey: document.storageKey,
          temporary: false,
          from: 'pdf',
          pageCount,
          firstPageOf: Array.from({ length: pageCount }, (_, index) => index + 1),
        };
      }
      await job.log('warning', `${document.filename} is encrypted or damaged: its pages are shown as text`);
      return renderAsText(document, job, base);
    }
    if ((document.fileType === 'docx' || document.fileType === 'doc') && deps.libreOfficeCommand) {
      try {
        const converted = await files.withLocalFile(document.storageKey, (filePath) =>
          convertWithLibreOffice(deps.libreOfficeCommand!, filePath, document.fileType as 'docx' | 'doc', {
            signal: job.signal,
          }),
        );
        const pdf = await loadCopyable(converted);
        if (!pdf) throw new Error('its PDF could not be read');
        const pageCount = pdf.getPageCount();
        return {
          ...base,
          storageKey: await storeTemporary(converted),
          temporary: true,
          from: 'libreoffice',
          pageCount,
          firstPageOf: Array.from({ length: pageCount }, (_, index) => index + 1),
        };
      } catch (error) {
        if (job.signal.aborted) throw error;
        // The converter's own text is for the server log: the job's log is shown to users.
        deps.log.warn({ err: error, jobId: job.id }, 'LibreOffice could not convert a bundle document');
        await job.log(
          'warning',
          `LibreOffice could not convert ${document.filename}; its text is shown instead`,
        );
      }
    }
    return renderAsText(document, job, base);
  }

  async function removeTemporary(rendered: readonly RenderedDocument[]): Promise<void> {
    for (const document of rendered) if (document.temporary) await files.remove(document.storageKey);
  }

  async function assemble(
    bundle: StoredBundle,
    rendered: readonly RenderedDocument[],
    omittedInput: readonly OmittedDuplicateInput[],
    job: JobContext,
  ): Promise<AssembledBundle> {
    const heading = await bundles.patientHeading(bundle.patientId);
    if (!heading) throw new JobCancelledError('The patient was deleted');
    const pdf = await PDFDocument.create();
    pdf.setTitle(`Record bundle: ${heading.name}`);
    pdf.setCreationDate(new Date(bundle.createdAt));
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const omitted = numberOmitted(omittedInput, rendered);
    const index = planBundleIndex(
      rendered.map((document) => ({
        description: document.description ?? document.filename,
        filename: document.filename,
      })),
      omitted,
      { patientName: heading.name, mrn: heading.mrn, madeOn: londonEnGbDate(new Date(bundle.createdAt)) },
      { regular: font, bold },
    );
    // Bundle pages count from the first index page, as a court bundle's do.
    let nextPage = index.pageCount + 1;
    const totalPages = rendered.reduce((sum, document) => sum + document.pageCount, 0);
    let placed = 0;
    const entries: NewBundleEntry[] = [];
    for (const document of rendered) {
      await job.throwIfCancelled();
      let bytes: Uint8Array;
      try {
        bytes = await readStored(files, document.storageKey);
      } catch (error) {
        if (!(error instanceof StoredFileMissingError)) throw error;
        // The index already names it: a bundle without it would not match its own index.
        throw new JobFailedError(
          `${document.filename} was deleted while the bundle was being made: generate it again`,
          {
            cause: error,
          },
        );
      }
      const source = await loadCopyable(bytes);
      if (!source) throw new JobFailedError(`${document.filename} could not be read again to copy its pages`);
      const firstPage = nextPage;
      const pageCount = source.getPageCount();
      // A scanned page carries the words OCR read on it, invisible: the bundle can be searched and copied from.
      const ocrWords =
        document.from === 'pdf' ? await ocrWordsOfDocument(db, document.documentId) : new Map();
      for (let start = 0; start < pageCount; start += PAGES_PER_COPY) {
        const indices = Array.from(
          { length: Math.min(PAGES_PER_COPY, pageCount - start) },
          (_, i) => start + i,
        );
        for (const [copied, page] of (await pdf.copyPages(source, indices)).entries()) {
          pdf.addPage(page);
          const words = ocrWords.get(indices[copied]! + 1);
          if (words) addInvisibleText(page, words, font);
          stampPageNumber(page, nextPage, font);
          nextPage += 1;
        }
        placed += indices.length;
        await job.progress(
          (placed / Math.max(1, totalPages)) * 100,
          `Placing ${document.filename}: page ${Math.min(pageCount, start + indices.length)} of ${pageCount}`,
        );
        await nextTurnOfEventLoop();
      }
      entries.push({
        documentId: document.documentId,
        filename: document.filename,
        description: document.description ?? document.filename,
        documentDate: document.documentDate,
        firstPage,
        lastPage: nextPage - 1,
        pageMap: document.firstPageOf.map((page) => firstPage + page - 1),
      });
    }
    return { pdf, font, index, entries, omitted, indexed: false };
  }

  function addIndex(assembled: AssembledBundle): void {
    if (assembled.indexed) return;
    assembled.index.draw(assembled.pdf, assembled.entries);
    addBundleNavigation(assembled.pdf, [
      { title: 'Index', page: 1 },
      ...assembled.entries.map((entry) => ({ title: bookmarkTitle(entry), page: entry.firstPage })),
    ]);
    for (let page = 0; page < assembled.index.pageCount; page += 1) {
      stampPageNumber(assembled.pdf.getPage(page), page + 1, assembled.font);
    }
    assembled.indexed = true;
  }

  jobs.registerHandler(JOB_TYPES.RECORD_BUNDLE, async (job) => {
    const bundle = await bundles.findByJob(job.id);
    if (!bundle) throw new JobCancelledError('The bundle was removed before it was made');
    // Resumed after its bundle was saved but before the job was marked done: nothing is left to do.
    if (bundle.status === 'completed') {
      return {
        bundle_result: {
          bundle_id: bundle.id,
          filename: bundle.filename,
          page_count: bundle.pageCount,
          index_pages: bundle.indexPages,
        },
      };
    }
    if (!(await bundles.markRunning(bundle.id))) {
      throw new JobCancelledError('The bundle was removed before it was made');
    }
    const documentIds = ((job.inputData.document_ids as unknown[]) ?? []).map(Number);
    const descriptions = (job.inputData.descriptions ?? {}) as Record<string, string>;
    // Absent from a job queued before copies were listed: it lists none.
    const omittedInput = (job.inputData.omitted_duplicates ?? []) as OmittedDuplicateInput[];
    const saved = (job.checkpoint ?? null) as RenderCheckpoint | null;
    const progress: RenderCheckpoint = {
      rendered: [...(saved?.rendered ?? [])],
      skipped: [...(saved?.skipped ?? [])],
    };
    try {
      const renderLimit = { timeLimitMs: stepTimeLimitMs('bundleRendering', documentIds.length) };
      const rendered = await job.step('render', renderLimit, async () => {
        const done = new Set([
          ...progress.rendered.map((document) => document.documentId),
          ...progress.skipped,
        ]);
        const dates = new Map(
          (await bundles.processedDocuments(bundle.patientId, job.groupId)).map((document) => [
            document.id,
            document.documentDate,
          ]),
        );
        for (const [position, documentId] of documentIds.entries()) {
          if (done.has(documentId)) continue;
          await job.throwIfCancelled();
          const document = await findDocument(db, documentId);
          if (!document || document.status !== 'processed') {
            await job.log(
              'warning',
              `Document ${documentId} was deleted after the bundle was requested: left out`,
            );
            progress.skipped.push(documentId);
          } else {
            await job.progress(
              (position / Math.max(1, documentIds.length)) * 100,
              `Rendering ${document.filename} (${position + 1} of ${documentIds.length})`,
            );
            const result = await render(
              document,
              dates.get(documentId) ?? null,
              descriptions[String(documentId)] ?? document.filename,
              job,
            );
            await job.log(
              'info',
              `${document.filename}: ${result.pageCount} page(s), ${FROM_LABELS[result.from]}`,
            );
            progress.rendered.push(result);
          }
          await job.saveCheckpoint(progress);
        }
        if (progress.rendered.length === 0)
          throw new JobFailedError('None of the documents is left to put in the bundle');
        return progress.rendered;
      });

      let assembled: AssembledBundle | null = null;
      // A job resumed after a completed step has lost the PDF it held in memory: it is made again from the renderings.
      const assembledBundle = async () => (assembled ??= await assemble(bundle, rendered, omittedInput, job));
      const pageCount = rendered.reduce((sum, document) => sum + document.pageCount, 0);
      const pagesLimit = { timeLimitMs: stepTimeLimitMs('bundlePages', pageCount) };
      await job.step('assemble', pagesLimit, async () => {
        const { entries } = await assembledBundle();
        return { documents: entries.length, pages: entries.at(-1)?.lastPage ?? 0 };
      });
      const indexPages = await job.step('index', pagesLimit, async () => {
        const current = await assembledBundle();
        addIndex(current);
        await job.log(
          'info',
          `Index: ${current.index.pageCount} page(s) for ${current.entries.length} document(s)`,
        );
        return current.index.pageCount;
      });
      const result = await job.step('save', async () => {
        const current = await assembledBundle();
        addIndex(current);
        await job.throwIfCancelled();
        const bytes = await current.pdf.save({ objectsPerTick: 50 });
        const storageKey = newStorageKey();
        await files.put(storageKey, Readable.from([Buffer.from(bytes)]));
        const pageCount = current.pdf.getPageCount();
        let replaced: string[];
        try {
          replaced = await db.transaction((tx) =>
            createBundleRepository(tx).complete(bundle, {
              storageKey,
              pageCount,
              indexPages,
              at: deps.clock(),
              entries: current.entries,
              omittedDuplicates: current.omitted,
            }),
          );
        } catch (error) {
          await files.remove(storageKey);
          throw error;
        }
        // The previous bundle's page numbers were current until now: its file goes only once this one is saved.
        for (const key of replaced) await files.remove(key);
        await job.log('info', `Saved ${bundle.filename}: ${pageCount} pages`);
        return {
          bundle_id: bundle.id,
          filename: bundle.filename,
          page_count: pageCount,
          index_pages: indexPages,
        };
      });
      await removeTemporary(rendered);
      return { bundle_result: result };
    } catch (error) {
      if (isJobInterrupted(job, error)) throw error;
      const ending = jobEndingOf(job, error);
      const cancelled = ending instanceof JobCancelledError;
      await bundles.markEnded(bundle.id, {
        status: cancelled ? 'cancelled' : 'failed',
        errorMessage: cancelled ? null : jobFailureMessage(ending),
        at: deps.clock(),
      });
      await removeTemporary(progress.rendered).catch((cleanupError: unknown) =>
        deps.log.warn({ err: cleanupError }, 'removing the renderings of a stopped bundle job failed'),
      );
      throw error;
    }
  });
}
