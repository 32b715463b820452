import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import mammoth from 'mammoth';
import { UnreadableDocumentError, type ExtractedPage } from './ExtractedDocument.js';

/** The opened .docx as mammoth reads it; its public `extractRawText({ file })` takes one. */
interface DocxZip {
  exists(name: string): boolean;
  read(name: string, encoding: string): Promise<string>;
  write(name: string, contents: string): void;
}

const require = createRequire(import.meta.url);
// mammoth 1.13.0's own zip reader (the public API takes a path or buffer and cannot show page breaks).
const zipfile = require('mammoth/lib/zipfile.js') as { openArrayBuffer(data: Buffer): Promise<DocxZip> };

/** A private-use character no document text contains, standing in for a page boundary in mammoth's output. */
const PAGE_MARK = '\uE000';
const DOCUMENT_PART = 'word/document.xml';

/**
 * Marks each page boundary the file records as text mammoth keeps: explicit page breaks (`w:br w:type="page"`)
 * and the breaks Word wrote where it last laid out a new page (`w:lastRenderedPageBreak`). Both are children of a
 * run, as `w:t` is.
 */
function markPageBoundaries(xml: string): string {
  const mark = `<w:t>${PAGE_MARK}</w:t>`;
  return xml
    .replace(/<w:br\b[^>]*\bw:type\s*=\s*["']page["'][^>]*\/>/g, mark)
    .replace(/<w:lastRenderedPageBreak\b[^>]*\/>/g, mark);
}

/**
 * A .docx's text with the pages its file records (without LibreOffice there is no layout to count). Word writes a
 * rendered break right after an explicit one, so a boundary with no text since the previous one opens no page.
 */
export async function extractDocxPages(filePath: string): Promise<ExtractedPage[]> {
  let docx: DocxZip;
  let xml: string;
  try {
    docx = await zipfile.openArrayBuffer(await readFile(filePath));
    if (!docx.exists(DOCUMENT_PART)) throw new Error('no word/document.xml part');
    xml = await docx.read(DOCUMENT_PART, 'utf-8');
  } catch (error) {
    throw new UnreadableDocumentError('it is not a readable Word document', { cause: error });
  }
  docx.write(DOCUMENT_PART, markPageBoundaries(xml));
  const { value } = await mammoth.extractRawText({ file: docx } as unknown as { path: string });
  const texts = value
    .split(PAGE_MARK)
    .map((text) => text.trim())
    .filter((text, index) => index === 0 || text !== '');
  const pages = texts.length === 0 ? [''] : texts;
  return pages.map((text, index) => ({ page: index + 1, text, hasTextLayer: true }));
}
