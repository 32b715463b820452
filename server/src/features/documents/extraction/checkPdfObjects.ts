import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { DOCUMENT_READING_LIMITS } from '@ewrt/contract';
import { DocumentLimitError } from './ExtractedDocument.js';

const WINDOW = 4096;
/** A page object as it stands in the file (`/Type /Page`, not `/Pages`); pages inside object streams are not seen. */
const PAGE_OBJECT = /\/Type\s*\/Page(?![a-zA-Z])/g;
const OVERLAP = 32;

/** Page objects written plainly in the file, counted as it streams past: a lower bound of its page count. */
async function countPlainPageObjects(filePath: string): Promise<number> {
  let pages = 0;
  let carry = '';
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
    const text = carry + (chunk as Buffer).toString('latin1');
    for (const match of text.matchAll(PAGE_OBJECT)) {
      if (match.index + match[0].length > carry.length) pages += 1;
    }
    carry = text.slice(-OVERLAP);
  }
  return pages;
}

/**
 * Holds a PDF to the object limit from the size its cross-reference section declares (`/Size`), read from the end
 * of the file or the cross-reference stream `startxref` points at, and to the page limit from the page objects
 * written plainly in it: the file is scanned once, nothing parsed. What this cannot see (pages inside compressed
 * object streams) the parser checks before reading a page.
 */
export async function checkPdfObjects(filePath: string): Promise<void> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const read = async (position: number) => {
      const buffer = Buffer.alloc(WINDOW);
      const { bytesRead } = await file.read(buffer, 0, WINDOW, Math.max(0, position));
      return buffer.subarray(0, bytesRead).toString('latin1');
    };
    const tail = await read(size - WINDOW);
    let declared = /\/Size\s+(\d+)/.exec(tail.slice(tail.lastIndexOf('trailer')));
    const start = /startxref\s+(\d+)/.exec(tail.slice(tail.lastIndexOf('startxref')));
    if ((!declared || !tail.includes('trailer')) && start)
      declared = /\/Size\s+(\d+)/.exec(await read(Number(start[1])));
    const objects = declared ? Number(declared[1]) : 0;
    if (objects > DOCUMENT_READING_LIMITS.maxPdfObjects) {
      throw DocumentLimitError.over('declares # objects', objects, DOCUMENT_READING_LIMITS.maxPdfObjects);
    }
  } finally {
    await file.close();
  }
  const pages = await countPlainPageObjects(filePath);
  if (pages > DOCUMENT_READING_LIMITS.maxPages) {
    throw DocumentLimitError.over('has # pages', pages, DOCUMENT_READING_LIMITS.maxPages);
  }
}
