import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkPdfObjects } from './checkPdfObjects.js';
import { checkWordPackage } from './checkWordPackage.js';
import { convertWithLibreOffice } from './convertWithLibreOffice.js';
import {
  DocumentLimitError,
  UnreadableDocumentError,
  type DocumentFileType,
  type ExtractedDocument,
} from './ExtractedDocument.js';

export interface ExtractionRequest {
  filePath: string;
  fileType: DocumentFileType;
  libreOfficeCommand: string | null;
}

/** What the worker is given: the file, and a Word file's layout when LibreOffice made one. */
export interface WorkerRequest {
  filePath: string;
  fileType: DocumentFileType;
  layout: Uint8Array | null;
}

export type ExtractionWorkerMessage =
  | { kind: 'pages'; done: number; total: number }
  | { kind: 'done'; document: ExtractedDocument }
  | { kind: 'failed'; unreadable: boolean; overLimit: boolean; message: string; detail: string | null };

export interface ExtractionEvents {
  onPages?: (done: number, total: number) => void;
  /** Told when LibreOffice was tried and failed, before the file is read without it. */
  onFallback?: (reason: string) => void;
  /** Stops LibreOffice or the worker (a cancelled job); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The most memory the worker's JavaScript may use: a document needing more is refused, the server stays up. */
const WORKER_HEAP_MB = 1024;
/** Reading's time: a few seconds for most files, more for a long one (a 300-page PDF takes about a second). */
const BASE_TIME_MS = 60_000;
const TIME_PER_MEGABYTE_MS = 5_000;
const MAX_TIME_MS = 30 * 60_000;

/** How long reading a file this large may take before the worker is stopped. */
export function extractionTimeLimitMs(fileBytes: number): number {
  return Math.min(MAX_TIME_MS, BASE_TIME_MS + Math.ceil(fileBytes / (1024 * 1024)) * TIME_PER_MEGABYTE_MS);
}

// The worker is the sibling module of this one: `.js` once built, `.ts` when the sources run under tsx.
const ownExtension = path.extname(fileURLToPath(import.meta.url));
const workerUrl = new URL(`./extractionWorker${ownExtension}`, import.meta.url);

/** A worker thread does not inherit tsx's loader: from sources, it registers tsx before importing the worker. */
function startWorker(request: WorkerRequest): Worker {
  const options = {
    workerData: request,
    transferList: request.layout ? [request.layout.buffer as ArrayBuffer] : [],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 },
  };
  if (ownExtension !== '.ts') return new Worker(workerUrl, options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Runs the worker on one file, within its memory and time limits; the signal terminates it at once. */
function readInWorker(
  request: WorkerRequest,
  timeoutMs: number,
  events: ExtractionEvents,
): Promise<ExtractedDocument> {
  return new Promise((resolve, reject) => {
    if (events.signal?.aborted) {
      reject(events.signal.reason);
      return;
    }
    const worker = startWorker(request);
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      events.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      finish();
    };
    const onAbort = () => settle(() => reject(events.signal?.reason));
    events.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new DocumentLimitError(
              `reading it took longer than ${Math.round(timeoutMs / 1000)} seconds, the most one document may take`,
            ),
          ),
        ),
      timeoutMs,
    );
    worker.on('message', (message: ExtractionWorkerMessage) => {
      switch (message.kind) {
        case 'pages':
          events.onPages?.(message.done, message.total);
          break;
        case 'done':
          settle(() => resolve(message.document));
          break;
        case 'failed':
          settle(() =>
            reject(
              message.overLimit
                ? new DocumentLimitError(message.message)
                : message.unreadable
                  ? new UnreadableDocumentError(message.message, {
                      cause: message.detail === null ? undefined : new Error(message.detail),
                    })
                  : new Error(message.message),
            ),
          );
          break;
      }
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new DocumentLimitError(
                `reading it needs more than ${WORKER_HEAP_MB.toLocaleString('en-GB')} MB of memory, the most one document may use`,
              )
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The extraction worker stopped unexpectedly (exit code ${code})`))),
    );
  });
}

/**
 * Reads a document off the API's thread: the file is first held to the reading limits (a Word file's archive, a
 * PDF's declared objects), a Word file is laid out by LibreOffice when the server has it (a confined process the
 * signal kills), and the text is read in a worker thread with memory and time limits (PDF parsing and unzipping are
 * CPU work that would stall every request). Rejects with UnreadableDocumentError when the file is not what its
 * content claimed, DocumentLimitError (a subclass) past a limit.
 */
export async function extractInWorker(
  request: ExtractionRequest,
  events: ExtractionEvents = {},
): Promise<ExtractedDocument> {
  events.signal?.throwIfAborted();
  const { filePath, fileType } = request;
  if (fileType === 'docx') await checkWordPackage(filePath, { unpack: true });
  if (fileType === 'pdf') await checkPdfObjects(filePath);
  let layout: Uint8Array | null = null;
  if ((fileType === 'docx' || fileType === 'doc') && request.libreOfficeCommand) {
    try {
      layout = await convertWithLibreOffice(request.libreOfficeCommand, filePath, fileType, {
        signal: events.signal,
        packageChecked: true,
      });
    } catch (error) {
      if (events.signal?.aborted) throw error;
      events.onFallback?.((error as Error).message);
    }
  }
  const timeoutMs = extractionTimeLimitMs((await stat(filePath)).size + (layout?.byteLength ?? 0));
  return readInWorker({ filePath, fileType, layout }, timeoutMs, events);
}
