import type { DraftSource } from '@ewrt/contract';
import type { RetrievedPassage } from '../answers/searchPassages.js';

/** The passages given to a section, numbered as its text cites them ([1] is the first). */
export function draftSourcesOf(passages: readonly RetrievedPassage[]): DraftSource[] {
  return passages.map((passage, index) => ({
    number: index + 1,
    filename: passage.filename,
    s3_key: passage.storageKey,
    page: passage.page,
    bundle_page: passage.bundlePage,
    chunk_id: passage.chunkId,
    source: passage.source,
    ocr_confidence: passage.ocrConfidence,
  }));
}
