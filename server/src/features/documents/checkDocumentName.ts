import { badRequest } from '../../http/HttpError.js';
import { uploadedFileNameProblem } from '../../platform/files/uploadedFileNameProblem.js';
import { DOCUMENT_MESSAGES } from './documentMessages.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';
import { declaredTypeOf, validateDocumentFile } from './validateDocumentFile.js';

/** The name without any folder a browser or tool put in front of it. */
export function baseName(filename: string): string {
  return filename.split(/[/\\]/).pop()?.trim() ?? '';
}

/**
 * The name a document is stored under and the type its extension claims, or a 400 saying what is wrong with it.
 * Checked before a byte of the file is read.
 */
export function checkDocumentName(rawName: string): { filename: string; declared: DocumentFileType } {
  const filename = baseName(rawName);
  if (!filename) throw badRequest(DOCUMENT_MESSAGES.noFileName);
  const problem = uploadedFileNameProblem(filename);
  if (problem) throw badRequest(problem);
  const declared = declaredTypeOf(filename);
  // Only the name is judged here: the size is checked as the content streams in.
  const nameCheck = validateDocumentFile(filename, 1, Number.POSITIVE_INFINITY);
  if (!declared || !nameCheck.valid)
    throw badRequest(nameCheck.errors.join(' '), { errors: nameCheck.errors });
  return { filename, declared };
}
