import { DOCUMENT_EXTENSIONS, type DocumentValidationResult } from '@ewrt/contract';
import { uploadedFileNameProblem } from '../../platform/files/uploadedFileNameProblem.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Megabytes with two decimals, as the answers give sizes (`file_size_mb`, `total_size_mb`). */
export function toMegabytes(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MEGABYTE) * 100) / 100;
}

/** "250 MB", or "64 KB" for a limit under a megabyte (tests run with small limits). */
export function describeByteLimit(bytes: number): string {
  return bytes >= BYTES_PER_MEGABYTE
    ? `${Math.round((bytes / BYTES_PER_MEGABYTE) * 100) / 100} MB`
    : `${Math.round((bytes / 1024) * 100) / 100} KB`;
}

/** The accepted type a file name claims (its extension, any case), or null. */
export function declaredTypeOf(filename: string): DocumentFileType | null {
  const extension = extensionOf(filename).toLowerCase();
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as DocumentFileType)
    : null;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1) : '';
}

export const tooLargeMessage = (maxBytes: number) => `File is larger than ${describeByteLimit(maxBytes)}`;

/** The spec's validate call: the name's extension and the size, with errors a person can act on. */
export function validateDocumentFile(
  filename: string,
  sizeBytes: number,
  maxBytes: number,
): DocumentValidationResult {
  const errors: string[] = [];
  const nameProblem = uploadedFileNameProblem(filename);
  if (nameProblem) errors.push(nameProblem);
  const fileType = declaredTypeOf(filename);
  if (!fileType) {
    const extension = extensionOf(filename);
    errors.push(
      extension
        ? `File type .${extension} is not supported. Use PDF, DOCX, DOC or TXT.`
        : 'The file name has no extension. Use a PDF, DOCX, DOC or TXT file.',
    );
  }
  if (sizeBytes > maxBytes) errors.push(tooLargeMessage(maxBytes));
  if (sizeBytes === 0) errors.push('The file is empty');
  return { valid: errors.length === 0, errors, file_type: fileType, file_size_mb: toMegabytes(sizeBytes) };
}
