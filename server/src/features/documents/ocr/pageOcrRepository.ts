import type { Queryable } from '../../../db/Database.js';
import type { PageWord } from '../../page-views/PageWord.js';
import type { PageOcrResult } from './readPageByOcr.js';

interface PageOcrRow {
  page: number;
  status: PageOcrResult['status'];
  text: string;
  confidence: number | null;
  words: number;
  reason: string | null;
  word_boxes: PageWord[] | null;
}

function toResult(row: PageOcrRow): PageOcrResult {
  switch (row.status) {
    case 'read':
      return {
        status: 'read',
        text: row.text,
        confidence: Number(row.confidence),
        words: row.words,
        boxes: row.word_boxes,
      };
    case 'blank':
      return { status: 'blank' };
    case 'unreadable':
      return { status: 'unreadable', reason: row.reason ?? 'no words were recognised' };
  }
}

/** What OCR made of each page of a document, one row per page (see migration 8). */
export function createPageOcrRepository(db: Queryable) {
  return {
    /** The pages of the document already read, by page number. */
    async resultsOf(documentId: number): Promise<Map<number, PageOcrResult>> {
      const { rows } = await db.query<PageOcrRow>(
        `SELECT page, status, text, confidence, words, reason, word_boxes FROM document_page_ocr WHERE document_id = $1`,
        [documentId],
      );
      return new Map(rows.map((row) => [row.page, toResult(row)]));
    },

    /** Stores one page's result (again, when a page is read twice: the later reading wins). */
    async save(documentId: number, page: number, result: PageOcrResult, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO document_page_ocr (document_id, page, status, text, confidence, words, reason, read_at,
                                        word_boxes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (document_id, page) DO UPDATE
            SET status = EXCLUDED.status, text = EXCLUDED.text, confidence = EXCLUDED.confidence,
                words = EXCLUDED.words, reason = EXCLUDED.reason, read_at = EXCLUDED.read_at,
                word_boxes = EXCLUDED.word_boxes`,
        [
          documentId,
          page,
          result.status,
          result.status === 'read' ? result.text : '',
          result.status === 'read' ? result.confidence : null,
          result.status === 'read' ? result.words : 0,
          result.status === 'unreadable' ? result.reason : null,
          at.toISOString(),
          result.status === 'read' && result.boxes ? JSON.stringify(result.boxes) : null,
        ],
      );
    },
  };
}
