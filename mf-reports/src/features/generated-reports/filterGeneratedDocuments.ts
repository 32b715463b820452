import type { GeneratedDocument } from '@ewrt/contract';

/**
 * The documents whose file name or job id contains the text, ignoring case and surrounding spaces; all of them for
 * blank text. A job id matches as written ("42" finds job 42 and job 142).
 */
export function filterGeneratedDocuments(
  documents: readonly GeneratedDocument[],
  text: string,
): GeneratedDocument[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...documents];
  return documents.filter(
    (document) =>
      document.filename.toLowerCase().includes(needle) ||
      (document.job_id !== null && String(document.job_id).includes(needle)),
  );
}
