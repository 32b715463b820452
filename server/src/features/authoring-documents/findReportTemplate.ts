import type { Queryable } from '../../db/Database.js';
import {
  createAuthoringDocumentRepository,
  type StoredReportTemplate,
} from './authoringDocumentRepository.js';

/** One of the user's report templates; another user's id finds nothing, like a made-up one. */
export function findReportTemplate(
  db: Queryable,
  userId: number,
  templateId: number,
): Promise<StoredReportTemplate | null> {
  return createAuthoringDocumentRepository(db).findTemplate(userId, templateId);
}
