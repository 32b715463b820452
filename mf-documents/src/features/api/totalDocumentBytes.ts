import type { PatientDocument } from '@ewrt/contract';

/** The documents' size in bytes: exact, where the listing's total_size_mb rounds small files down to 0. */
export function totalDocumentBytes(documents: readonly PatientDocument[]): number {
  return documents.reduce((sum, document) => sum + document.size_bytes, 0);
}
