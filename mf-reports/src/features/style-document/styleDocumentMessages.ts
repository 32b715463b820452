// The style document screen's messages: those of TPL-04 verbatim.
export const STYLE_DOCUMENT_MESSAGES = {
  loadFailed: 'Failed to load example document information',
  uploadFailed: 'Failed to upload example document',
  downloadFailed: 'Failed to download example document',
  deleteFailed: 'Failed to delete example document',
  deleted: 'Example document deleted successfully',
} as const;
