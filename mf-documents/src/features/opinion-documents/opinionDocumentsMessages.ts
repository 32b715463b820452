// The opinion documents screen's user-visible messages: those of OPN-04 verbatim; download and
// delete failures have no opinion wording in the spec and use the documents' own.
import { VECTOR_MESSAGES } from '../vectors/vectorMessages';

export const OPINION_DOCUMENTS_MESSAGES = {
  loadFailed: 'Failed to load opinion documents',
  rebuildFailed: 'Failed to rebuild opinion vector store',
  fileListFailed: 'Failed to generate file list',
  noDocumentsToDownload: 'No opinion documents available to download',
  downloadFailed: VECTOR_MESSAGES.downloadFailed,
  deleteFailed: VECTOR_MESSAGES.deleteFailed,
} as const;
