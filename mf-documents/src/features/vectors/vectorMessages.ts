// The vector management screen's user-visible messages (DOC-08), verbatim.
export const VECTOR_MESSAGES = {
  loadErrorTitle: 'Error loading patient documents',
  loadFailed: 'Failed to load documents',
  deleteFailed: 'Failed to delete document',
  rebuildFailed: 'Failed to rebuild vector store',
  downloadFailed: 'Failed to download document',
  fileListFailed: 'Failed to generate file list',
  noDocumentsToDownload: 'No documents available to download',
  deleted: (filename: string) => `${filename} deleted successfully`,
  deletedButRebuildFailed: (filename: string, reason: string) =>
    `${filename} deleted, but vector store rebuild failed: ${reason}`,
} as const;
