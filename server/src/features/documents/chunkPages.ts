import type { ExtractedPage } from './extraction/ExtractedDocument.js';

/** A passage of one page: the unit the retrieval index stores and ranks. */
export interface DocumentChunk {
  page: number;
  /** Position among the document's chunks, from 0. */
  chunkIndex: number;
  /** Character offsets of the passage in its page's text (end exclusive). */
  startOffset: number;
  endOffset: number;
  text: string;
}

export interface ChunkingOptions {
  /** Words per chunk. */
  wordsPerChunk: number;
  /** Words a chunk repeats from the end of the one before, so a sentence cut by a boundary is found whole. */
  overlapWords: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { wordsPerChunk: 250, overlapWords: 50 };

/**
 * Cuts each page's text into chunks of about `wordsPerChunk` words overlapping by `overlapWords`. A chunk never
 * crosses a page, so every passage cites exactly one page; a page's last chunk may be shorter. Pages without a text
 * layer give no chunks (they are reported instead).
 */
export function chunkPages(
  pages: readonly ExtractedPage[],
  options: ChunkingOptions = DEFAULT_CHUNKING,
): DocumentChunk[] {
  const step = options.wordsPerChunk - options.overlapWords;
  if (step <= 0) throw new Error('The overlap must be smaller than the chunk');
  const chunks: DocumentChunk[] = [];
  for (const page of pages) {
    if (!page.hasTextLayer) continue;
    const words = [...page.text.matchAll(/\S+/g)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    }));
    for (let first = 0; first < words.length; first += step) {
      const last = Math.min(first + options.wordsPerChunk, words.length) - 1;
      const startOffset = words[first]!.start;
      const endOffset = words[last]!.end;
      chunks.push({
        page: page.page,
        chunkIndex: chunks.length,
        startOffset,
        endOffset,
        text: page.text.slice(startOffset, endOffset),
      });
      if (last === words.length - 1) break;
    }
  }
  return chunks;
}
