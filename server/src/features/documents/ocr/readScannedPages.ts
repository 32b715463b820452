import type { Clock } from '../../../context/Clock.js';
import type { Database } from '../../../db/Database.js';
import type { OcrAvailability } from './ocrAvailability.js';
import { createPageOcrRepository } from './pageOcrRepository.js';
import { readPageByOcr, type PageOcrResult } from './readPageByOcr.js';

export interface ScannedPagesRequest {
  documentId: number;
  /** The stored PDF on local disk. */
  pdfPath: string;
  /** The pages to read by OCR, ascending. */
  pages: readonly number[];
}

export interface ScannedPagesHooks {
  /** Aborted when the job must stop: the pages being read are abandoned (their processes killed). */
  signal: AbortSignal;
  /** Throws when a cancel was requested: checked before each page. */
  throwIfCancelled(): Promise<void>;
  /** Told after each page is stored: pages done (those stored earlier included) of all the pages to read. */
  onPage(done: number, total: number, page: number, result: PageOcrResult): Promise<void>;
}

export interface ScannedPagesDeps {
  db: Database;
  clock: Clock;
  availability: OcrAvailability;
  concurrency: number;
}

/** Every page asked for, with what OCR made of it; `notRead` when OCR is not available on this server. */
export interface ScannedPagesReading {
  results: Map<number, PageOcrResult>;
  /** Pages found already read (a resumed job, a rebuild of the index): not read again. */
  reused: number[];
  notRead: number[];
}

/**
 * Reads the pages of a PDF that need OCR, `concurrency` at once (one tesseract process per core), storing each
 * page's result as soon as it is known: a job that stops — cancelled, its server killed — finds the pages already
 * read when it runs again and goes on from the next one. Without OCR on this server, the pages not stored before
 * are answered as not read.
 */
export async function readScannedPages(
  deps: ScannedPagesDeps,
  request: ScannedPagesRequest,
  hooks: ScannedPagesHooks,
): Promise<ScannedPagesReading> {
  const pages = createPageOcrRepository(deps.db);
  const stored = await pages.resultsOf(request.documentId);
  const results = new Map<number, PageOcrResult>();
  for (const page of request.pages) {
    const result = stored.get(page);
    if (result) results.set(page, result);
  }
  const reused = [...results.keys()];
  const toRead = request.pages.filter((page) => !results.has(page));
  const { availability } = deps;
  if (!availability.available) return { results, reused, notRead: toRead };
  const { commands } = availability;

  // Stops the pages in flight when any one of them stops the job, or the job's own signal does.
  const controller = new AbortController();
  const onJobAbort = () => controller.abort(hooks.signal.reason);
  hooks.signal.addEventListener('abort', onJobAbort, { once: true });
  let next = 0;
  let done = results.size;
  const total = request.pages.length;
  async function readInTurn(): Promise<void> {
    while (next < toRead.length) {
      controller.signal.throwIfAborted();
      const page = toRead[next]!;
      next += 1;
      await hooks.throwIfCancelled();
      let result: PageOcrResult;
      try {
        result = await readPageByOcr(commands, request.pdfPath, page, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw error;
        // pdftoppm could not draw the page (a damaged page): reported by number like any page OCR cannot read.
        result = { status: 'unreadable', reason: (error as Error).message };
      }
      controller.signal.throwIfAborted();
      await pages.save(request.documentId, page, result, deps.clock());
      results.set(page, result);
      done += 1;
      await hooks.onPage(done, total, page, result);
    }
  }
  try {
    const readers = Array.from({ length: Math.min(deps.concurrency, toRead.length) }, () =>
      readInTurn().catch((error: unknown) => {
        if (!controller.signal.aborted) controller.abort(error);
        throw error;
      }),
    );
    const settled = await Promise.allSettled(readers);
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw controller.signal.aborted ? controller.signal.reason : failure.reason;
  } finally {
    hooks.signal.removeEventListener('abort', onJobAbort);
  }
  return { results: new Map([...results].sort(([a], [b]) => a - b)), reused, notRead: [] };
}
