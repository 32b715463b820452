import type { Queryable } from '../../db/Database.js';
import { createRecordReviewRepository } from './recordReviewRepository.js';

/** Each document's indexed text, its passages in page order, as the record review compares them. */
export function documentTexts(db: Queryable, documentIds: readonly number[]): Promise<Map<number, string>> {
  return createRecordReviewRepository(db).texts(documentIds);
}
