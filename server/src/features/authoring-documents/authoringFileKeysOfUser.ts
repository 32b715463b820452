import type { Queryable } from '../../db/Database.js';
import { createAuthoringDocumentRepository } from './authoringDocumentRepository.js';

/** The keys of every authoring file of the user's (style document, report templates): their rows go with the account. */
export function authoringFileKeysOfUser(db: Queryable, userId: number): Promise<string[]> {
  return createAuthoringDocumentRepository(db).storageKeysOfUser(userId);
}
