import { parentPort, workerData } from 'node:worker_threads';
import { DocumentLimitError, UnreadableDocumentError } from './ExtractedDocument.js';
import { readDocument } from './readDocument.js';
import type { ExtractionWorkerMessage, WorkerRequest } from './extractInWorker.js';

// The extraction worker: one file per worker, so the API's event loop never parses a document.
const port = parentPort;
if (!port) throw new Error('extractionWorker runs only as a worker thread');
const request = workerData as WorkerRequest;
const send = (message: ExtractionWorkerMessage) => port.postMessage(message);

readDocument(request.filePath, request.fileType, {
  layout: request.layout,
  onPages: (done, total) => send({ kind: 'pages', done, total }),
}).then(
  (document) => send({ kind: 'done', document }),
  (error: unknown) =>
    send({
      kind: 'failed',
      unreadable: error instanceof UnreadableDocumentError,
      overLimit: error instanceof DocumentLimitError,
      message: error instanceof Error ? error.message : String(error),
      // The library's own text behind the product's message, for the server log only.
      detail: error instanceof Error && error.cause instanceof Error ? error.cause.message : null,
    }),
);
