// The opinion upload screen's user-visible messages: those of OPN-02 and OPN-04 verbatim.
export const OPINION_UPLOAD_MESSAGES = {
  selectDocumentsFirst: 'Please select opinion documents first',
  noValidDocuments: 'No valid opinion documents to process',
  processingFailed: 'Opinion document processing failed',
} as const;
