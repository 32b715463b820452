import mammoth from 'mammoth';
import { detectDocumentType } from '../documents/detectDocumentType.js';
import { checkWordPackage } from '../documents/extraction/checkWordPackage.js';
import { DocumentLimitError } from '../documents/extraction/ExtractedDocument.js';

/**
 * The text of a real Word (.docx) document, or null when the file is not one: its content must be an Office Open
 * XML word-processing package (checked from the bytes, whatever the name) that mammoth can read, so a renamed PDF,
 * text file or other zip is refused. A file past the reading limits (a decompression bomb) is refused before mammoth
 * reads it, with DocumentLimitError.
 */
export async function readWordDocumentText(filePath: string): Promise<string | null> {
  const detected = await detectDocumentType(filePath);
  if (detected.type !== 'docx') return null;
  try {
    await checkWordPackage(filePath, { unpack: true });
    const { value } = await mammoth.extractRawText({ path: filePath });
    // NUL cannot be stored in a text column; Word never writes one into running text.
    return value.replaceAll('\0', '');
  } catch (error) {
    if (error instanceof DocumentLimitError) throw error;
    return null;
  }
}

/** Words as drafting counts them: runs of non-space characters. */
export function wordCountOf(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}
