import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/Database.js';
import { authoringFileKeysOfUser } from '../authoring-documents/authoringFileKeysOfUser.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { createGeneratedFileRepository } from '../../platform/files/generatedFileRepository.js';
import { removeFilesOnceUnreferenced } from '../../platform/files/removeFilesOnceUnreferenced.js';
import { pageViewFileKeys } from '../page-views/pageViewFileKeys.js';
import { createDocumentRepository } from './documentRepository.js';

/**
 * For the transaction that deletes a user account: the user's opinion documents, generated files, style document and
 * report templates are rows that go with the account (ON DELETE CASCADE), so their stored files are removed once
 * that transaction has committed (a rolled-back deletion keeps them).
 */
export async function removeStoredFilesOfUser(
  deps: { db: Database; files: FileStore; log: FastifyBaseLogger },
  tx: Queryable,
  userId: number,
): Promise<void> {
  const keys = [
    ...(await createDocumentRepository(tx).keysOfOwnerUser(userId)),
    ...(await pageViewFileKeys(tx, 'd.owner_user_id = $1', userId)),
    ...(await createGeneratedFileRepository(tx).keysOfOwnerUser(userId)),
    ...(await authoringFileKeysOfUser(tx, userId)),
  ];
  removeFilesOnceUnreferenced(deps, keys);
}
