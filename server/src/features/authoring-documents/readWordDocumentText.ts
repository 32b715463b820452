import mammoth from 'mammoth';
import { detectDocumentType } from '../documents/detectDocumentType.js';

/**
 * The text of a real Word (.docx) document, or null when the file is not one: its content must be an Office Open
 * XML word-processing package (checked from the bytes, whatever the name) that mammoth can read, so a renamed PDF,
 * text file or other zip is refused.
 */
export async function readWordDocumentText(filePath: string): Promise<string | null> {
  const detected = await detectDocumentType(filePath);
  if (detected.type !== 'docx') return null;
  try {
    const { value } = await mammoth.extractRawText({ path: filePath });
    // NUL cannot be stored in a text column; Word never writes one into running text.
    return value.replaceAll('\0', '');
  } catch {
    return null;
  }
}

/** Words as drafting counts them: runs of non-space characters. */
export function wordCountOf(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}
