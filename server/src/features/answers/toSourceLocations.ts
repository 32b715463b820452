import type { SourceLocation } from '@ewrt/contract';
import { previewPassage } from './previewPassage.js';
import type { RetrievedPassage } from './searchPassages.js';

/** The passages as the answer's numbered sources: `[1]` is the first passage, as in the prompt. */
export function toSourceLocations(passages: readonly RetrievedPassage[], question: string): SourceLocation[] {
  return passages.map((passage, index) => ({
    source_number: index + 1,
    filename: passage.filename,
    s3_key: passage.storageKey,
    page: passage.page,
    bundle_page: passage.bundlePage,
    chunk_id: passage.chunkId,
    source: passage.source,
    ocr_confidence: passage.ocrConfidence,
    score: passage.score,
    location_details: {
      files: [passage.filename],
      pages: [passage.page],
      bundle_pages: passage.bundlePage === null ? [] : [passage.bundlePage],
      content_preview: previewPassage(passage.text, question),
    },
  }));
}
