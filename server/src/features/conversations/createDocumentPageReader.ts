import type { Queryable } from '../../db/Database.js';
import type { DocumentFileType } from '../documents/extraction/ExtractedDocument.js';
import type { IndexedPassage } from './rebuildPageText.js';

/** A document as the page view needs it. */
export interface PageViewDocument {
  id: number;
  filename: string;
  storageKey: string;
  pageCount: number | null;
  fileType: DocumentFileType;
}

interface DocumentRow {
  id: number;
  filename: string;
  storage_key: string;
  page_count: number | null;
  file_type: DocumentFileType;
}

const DOCUMENT_SELECT = `SELECT id, filename, storage_key, page_count, file_type FROM documents`;

const toPageViewDocument = (row: DocumentRow): PageViewDocument => ({
  id: row.id,
  filename: row.filename,
  storageKey: row.storage_key,
  pageCount: row.page_count,
  fileType: row.file_type,
});

interface PassageRow {
  id: string | number;
  start_offset: number;
  end_offset: number;
  text: string;
  source: 'text' | 'ocr';
  ocr_confidence: number | null;
}

/**
 * The reads behind the citation view: a document found by its key only within the scope, and one page's passages.
 * Read-only, and shared with the page views feature, which draws the same pages.
 */
export function createDocumentPageReader(db: Queryable) {
  return {
    /** The patient's document with this key, looked up within the patient's group as well. */
    async findOfPatient(patientId: number, groupId: number, storageKey: string) {
      const { rows } = await db.query<DocumentRow>(
        `${DOCUMENT_SELECT} WHERE patient_id = $1 AND group_id = $2 AND storage_key = $3`,
        [patientId, groupId, storageKey],
      );
      return rows[0] ? toPageViewDocument(rows[0]) : null;
    },

    /** The user's own opinion document with this key. */
    async findOfOwner(userId: number, storageKey: string) {
      const { rows } = await db.query<DocumentRow>(
        `${DOCUMENT_SELECT} WHERE owner_user_id = $1 AND storage_key = $2`,
        [userId, storageKey],
      );
      return rows[0] ? toPageViewDocument(rows[0]) : null;
    },

    async passagesOfPage(documentId: number, page: number): Promise<IndexedPassage[]> {
      const { rows } = await db.query<PassageRow>(
        `SELECT id, start_offset, end_offset, text, source, ocr_confidence FROM document_chunks
          WHERE document_id = $1 AND page = $2 ORDER BY start_offset, chunk_index`,
        [documentId, page],
      );
      return rows.map((row) => ({
        chunk_id: Number(row.id),
        start_offset: row.start_offset,
        end_offset: row.end_offset,
        text: row.text,
        source: row.source,
        ocr_confidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
      }));
    },
  };
}
