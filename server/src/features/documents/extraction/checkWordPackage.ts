import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { DOCUMENT_READING_LIMITS } from '@ewrt/contract';
import { DocumentLimitError, UnreadableDocumentError } from './ExtractedDocument.js';
import { entryDataOffset, readZipDirectory, ZipFormatError, type ZipEntry } from './readZipDirectory.js';

const MEGABYTE = 1024 * 1024;
/** Below this an entry's ratio says nothing: a few kilobytes of repeated XML pack tightly in any real file. */
const RATIO_CHECKED_FROM_BYTES = MEGABYTE;
const DOCUMENT_PART = 'word/document.xml';
const STORED = 0;
const DEFLATED = 8;

const megabytes = (bytes: number) => `${Math.ceil(bytes / MEGABYTE).toLocaleString('en-GB')} MB`;
const count = (value: number) => value.toLocaleString('en-GB');

/** The limits on what the archive's table of contents declares: checked without unpacking a byte. */
function checkDeclared(entries: readonly ZipEntry[], entryCount: number, fileBytes: number): void {
  const limits = DOCUMENT_READING_LIMITS;
  if (entryCount > limits.maxArchiveEntries) {
    throw DocumentLimitError.over('holds # files in its archive', entryCount, limits.maxArchiveEntries);
  }
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 1) throw new UnreadableDocumentError('it is encrypted (password-protected)');
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new UnreadableDocumentError(
        'it is not a readable Word document (it is packed in an unknown way)',
      );
    }
    if (entry.uncompressedSize > limits.maxUnpackedEntryBytes) {
      throw new DocumentLimitError(
        `a part of it unpacks to ${megabytes(entry.uncompressedSize)}; the limit is ${megabytes(limits.maxUnpackedEntryBytes)}`,
      );
    }
    if (
      entry.uncompressedSize >= RATIO_CHECKED_FROM_BYTES &&
      entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio
    ) {
      throw new DocumentLimitError(
        `a part of it unpacks to ${count(Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize)))} times its packed size; the limit is ${limits.maxCompressionRatio} times`,
      );
    }
    total += entry.uncompressedSize;
  }
  if (total > limits.maxUnpackedBytes) {
    throw new DocumentLimitError(
      `it unpacks to ${megabytes(total)}; the limit is ${megabytes(limits.maxUnpackedBytes)}`,
    );
  }
  if (total >= RATIO_CHECKED_FROM_BYTES && total > fileBytes * limits.maxCompressionRatio) {
    throw new DocumentLimitError(
      `it unpacks to ${count(Math.round(total / fileBytes))} times its size; the limit is ${limits.maxCompressionRatio} times`,
    );
  }
}

/** Page boundaries the document's text declares, counted as it streams past (a match may straddle two chunks). */
function pageBoundaryCounter() {
  const patterns = {
    explicit: /<w:br\b[^>]{0,200}?\bw:type\s*=\s*["']page["']/g,
    before: /<w:pageBreakBefore\b/g,
    rendered: /<w:lastRenderedPageBreak\b/g,
  };
  const counts = { explicit: 0, before: 0, rendered: 0 };
  const OVERLAP = 256;
  let carry = '';
  return {
    add(chunk: Buffer) {
      const text = carry + chunk.toString('latin1');
      for (const key of Object.keys(patterns) as (keyof typeof patterns)[]) {
        for (const match of text.matchAll(patterns[key])) {
          // A match lying wholly in the carried text was counted with the previous chunk.
          if (match.index + match[0].length > carry.length) counts[key] += 1;
        }
      }
      carry = text.slice(-OVERLAP);
    },
    /** Word writes a rendered break after each explicit one: the larger of the two counts is the page count. */
    pages: () => 1 + Math.max(counts.rendered, counts.explicit + counts.before),
  };
}

/** Unpacks one entry without keeping it, failing as soon as it passes the size its table of contents declares. */
async function unpackEntry(
  filePath: string,
  start: number,
  entry: ZipEntry,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  let unpacked = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      unpacked += chunk.length;
      if (unpacked > entry.uncompressedSize) {
        done(
          new DocumentLimitError(
            'a part of it unpacks to more than its archive declares (a decompression bomb)',
          ),
        );
        return;
      }
      onChunk(chunk);
      done();
    },
  });
  const packed = createReadStream(filePath, {
    start,
    end: start + Math.max(0, entry.compressedSize - 1),
  });
  if (entry.compressedSize === 0) {
    packed.destroy();
    return;
  }
  if (entry.method === STORED) await pipeline(packed, sink);
  else await pipeline(packed, createInflateRaw(), sink);
}

export interface WordPackageCheck {
  /** Also unpacks every part (without keeping it) to hold it to its declared size and count the page breaks. */
  unpack: boolean;
}

/**
 * Holds a Word (.docx) file to the reading limits before anything heavy reads it: its archive's file count, unpacked
 * size and packing ratio from its table of contents alone (cheap enough for the upload), then, with `unpack`, every
 * part unpacked as a stream (nothing kept), stopped as soon as it outgrows its declared size, and its page breaks
 * counted. Rejects with DocumentLimitError (naming the limit) or UnreadableDocumentError.
 */
export async function checkWordPackage(filePath: string, check: WordPackageCheck): Promise<void> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const { entryCount, entries } = await readZipDirectory(file, DOCUMENT_READING_LIMITS.maxArchiveEntries);
    checkDeclared(entries, entryCount, size);
    if (!check.unpack) return;
    const pages = pageBoundaryCounter();
    for (const entry of entries) {
      const start = await entryDataOffset(file, entry);
      const isText = entry.name === DOCUMENT_PART;
      try {
        await unpackEntry(filePath, start, entry, isText ? (chunk) => pages.add(chunk) : () => undefined);
      } catch (error) {
        if (error instanceof DocumentLimitError) throw error;
        throw new UnreadableDocumentError('it is not a readable Word document (a part of it is damaged)', {
          cause: error,
        });
      }
    }
    if (pages.pages() > DOCUMENT_READING_LIMITS.maxPages) {
      throw DocumentLimitError.over('has # pages', pages.pages(), DOCUMENT_READING_LIMITS.maxPages);
    }
  } catch (error) {
    if (error instanceof ZipFormatError) throw new UnreadableDocumentError(error.message);
    throw error;
  } finally {
    await file.close();
  }
}
