import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  UnreadableDocumentError,
  type DocumentFileType,
  type ExtractedDocument,
} from './ExtractedDocument.js';

export interface ExtractionRequest {
  filePath: string;
  fileType: DocumentFileType;
  libreOfficeCommand: string | null;
}

export type ExtractionWorkerMessage =
  | { kind: 'pages'; done: number; total: number }
  | { kind: 'fallback'; reason: string }
  | { kind: 'done'; document: ExtractedDocument }
  | { kind: 'failed'; unreadable: boolean; message: string; detail: string | null };

export interface ExtractionEvents {
  onPages?: (done: number, total: number) => void;
  onFallback?: (reason: string) => void;
  /** Stops the worker (a cancelled job); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

// The worker is the sibling module of this one: `.js` once built, `.ts` when the sources run under tsx.
const ownExtension = path.extname(fileURLToPath(import.meta.url));
const workerUrl = new URL(`./extractionWorker${ownExtension}`, import.meta.url);

/** A worker thread does not inherit tsx's loader: from sources, it registers tsx before importing the worker. */
function startWorker(request: ExtractionRequest): Worker {
  if (ownExtension !== '.ts') return new Worker(workerUrl, { workerData: request });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: request });
}

/**
 * Reads a document in a worker thread (PDF parsing, unzipping and LibreOffice's output are CPU work that would
 * stall every request). Rejects with UnreadableDocumentError when the file is not what its content claimed.
 */
export function extractInWorker(
  request: ExtractionRequest,
  events: ExtractionEvents = {},
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
      events.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      finish();
    };
    const onAbort = () => settle(() => reject(events.signal?.reason));
    events.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ExtractionWorkerMessage) => {
      switch (message.kind) {
        case 'pages':
          events.onPages?.(message.done, message.total);
          break;
        case 'fallback':
          events.onFallback?.(message.reason);
          break;
        case 'done':
          settle(() => resolve(message.document));
          break;
        case 'failed':
          settle(() =>
            reject(
              message.unreadable
                ? new UnreadableDocumentError(message.message, {
                    cause: message.detail === null ? undefined : new Error(message.detail),
                  })
                : new Error(message.message),
            ),
          );
          break;
      }
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The extraction worker stopped unexpectedly (exit code ${code})`))),
    );
  });
}
