import type { Queryable } from '../../db/Database.js';
import { createDocumentRepository } from './documentRepository.js';
import type { StoredDocument } from './StoredDocument.js';

/** A stored document by id, whoever owns it, or null: for jobs of other features that were checked when asked for. */
export function findDocument(db: Queryable, documentId: number): Promise<StoredDocument | null> {
  return createDocumentRepository(db).findById(documentId);
}
