import WordExtractor from 'word-extractor';
import { UnreadableDocumentError, type ExtractedPage } from './ExtractedDocument.js';

/** A Word 97-2003 file's text without LibreOffice: the format keeps no page boundaries, so it is all page 1. */
export async function extractDocPages(filePath: string): Promise<ExtractedPage[]> {
  try {
    const document = await new WordExtractor().extract(filePath);
    return [{ page: 1, text: document.getBody().trim(), hasTextLayer: true }];
  } catch (error) {
    throw new UnreadableDocumentError('it is not a readable Word 97-2003 document', { cause: error });
  }
}
