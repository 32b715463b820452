// The opinion upload screen's user-visible messages: those of part 2 §5 and §8 ("Opinions") verbatim.
export const OPINION_UPLOAD_MESSAGES = {
  selectDocumentsFirst: 'Please select opinion documents first',
  noValidDocuments: 'No valid opinion documents to process',
  processingFailed: 'Opinion document processing failed',
} as const;
