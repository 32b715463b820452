import { UnreadableDocumentError, type ExtractedPage } from './ExtractedDocument.js';

/** The encoding a text file's byte order mark names, and the mark's length; UTF-8 without one. */
export function textEncodingOf(head: Uint8Array): {
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  bomLength: number;
} {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * A text file's pages: UTF-8, or UTF-16 little or big endian with a byte order mark; nothing else is guessed. A
 * form feed starts a new page.
 */
export function extractTextFilePages(data: Uint8Array): ExtractedPage[] {
  const { encoding, bomLength } = textEncodingOf(data);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(data.subarray(bomLength));
  } catch {
    throw new UnreadableDocumentError(`it is not valid ${encoding.toUpperCase()} text`);
  }
  return text
    .split('\f')
    .map((pageText, index) => ({ page: index + 1, text: pageText.trim(), hasTextLayer: true }));
}
