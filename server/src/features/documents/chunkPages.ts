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
  /** Where the passage's text came from: the PDF's text layer, or OCR of the page's image. */
  source: 'text' | 'ocr';
  /** For OCR, the page's mean word confidence (0–100); null for the text layer. */
  ocrConfidence: number | null;
}

/** A page to index: its extracted text, and what OCR added to it when the page was read by OCR. */
export interface PageToIndex extends ExtractedPage {
  ocr?: { text: string; confidence: number };
}

/** Between the text layer and the OCR text of a mixed page, in the page's text the passages' offsets count in. */
export const OCR_TEXT_SEPARATOR = '\n\n';

export interface ChunkingOptions {
  /** Words per chunk. */
  wordsPerChunk: number;
  /** Words a chunk repeats from the end of the one before, so a sentence cut by a boundary is found whole. */
  overlapWords: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { wordsPerChunk: 250, overlapWords: 50 };

interface PageSegment {
  text: string;
  /** Where the segment starts in the page's text. */
  offset: number;
  source: 'text' | 'ocr';
  ocrConfidence: number | null;
}

/**
 * A page's text as segments: its text layer (when it has one), then the OCR text of its image (when read), placed
 * after the text layer and a separator, so that every offset counts in one page text.
 */
function segmentsOf(page: PageToIndex): PageSegment[] {
  const segments: PageSegment[] = [];
  if (page.hasTextLayer && page.text !== '')
    segments.push({ text: page.text, offset: 0, source: 'text', ocrConfidence: null });
  if (page.ocr && page.ocr.text !== '') {
    segments.push({
      text: page.ocr.text,
      offset: segments.length > 0 ? page.text.length + OCR_TEXT_SEPARATOR.length : 0,
      source: 'ocr',
      ocrConfidence: page.ocr.confidence,
    });
  }
  return segments;
}

/**
 * Cuts each page's text into chunks of about `wordsPerChunk` words overlapping by `overlapWords`. A chunk never
 * crosses a page, so every passage cites exactly one page, nor the boundary between a page's text layer and its
 * OCR text, so every passage has one source; a page's last chunk may be shorter. Pages without a text layer give
 * chunks only from OCR (the others are reported instead).
 */
export function chunkPages(
  pages: readonly PageToIndex[],
  options: ChunkingOptions = DEFAULT_CHUNKING,
): DocumentChunk[] {
  const step = options.wordsPerChunk - options.overlapWords;
  if (step <= 0) throw new Error('The overlap must be smaller than the chunk');
  const chunks: DocumentChunk[] = [];
  for (const page of pages) {
    for (const segment of segmentsOf(page)) {
      const words = [...segment.text.matchAll(/\S+/g)].map((match) => ({
        start: match.index,
        end: match.index + match[0].length,
      }));
      for (let first = 0; first < words.length; first += step) {
        const last = Math.min(first + options.wordsPerChunk, words.length) - 1;
        const start = words[first]!.start;
        const end = words[last]!.end;
        chunks.push({
          page: page.page,
          chunkIndex: chunks.length,
          startOffset: segment.offset + start,
          endOffset: segment.offset + end,
          text: segment.text.slice(start, end),
          source: segment.source,
          ocrConfidence: segment.ocrConfidence,
        });
        if (last === words.length - 1) break;
      }
    }
  }
  return chunks;
}
