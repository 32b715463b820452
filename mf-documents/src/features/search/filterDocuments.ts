import type { PatientDocument } from '@ewrt/contract';

/** The documents whose file name or process ID contains the text, ignoring case; all of them for blank text. */
export function filterDocuments(documents: readonly PatientDocument[], text: string): PatientDocument[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...documents];
  return documents.filter(
    (document) =>
      document.filename.toLowerCase().includes(needle) || document.process_id.toLowerCase().includes(needle),
  );
}
