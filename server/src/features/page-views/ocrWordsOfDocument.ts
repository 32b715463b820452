import type { Queryable } from '../../db/Database.js';
import type { PageWord } from './PageWord.js';
import { createPageViewRepository } from './pageViewRepository.js';

/** The words OCR read on each page of a document that it read, by page (for the bundle's invisible text). */
export function ocrWordsOfDocument(db: Queryable, documentId: number): Promise<Map<number, PageWord[]>> {
  return createPageViewRepository(db).ocrWordsOfDocument(documentId);
}
