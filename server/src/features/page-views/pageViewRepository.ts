import type { Queryable } from '../../db/Database.js';
import type { PageWord } from './PageWord.js';

export interface StoredPageImage {
  storageKey: string;
  width: number;
  height: number;
}

/** The page view's stored rows: drawn pages, text-layer words, OCR words and the printouts of Word files. */
export function createPageViewRepository(db: Queryable) {
  return {
    async image(documentId: number, page: number, dpi: number): Promise<StoredPageImage | null> {
      const { rows } = await db.query<{ storage_key: string; width: number; height: number }>(
        `SELECT storage_key, width, height FROM document_page_images WHERE document_id = $1 AND page = $2 AND dpi = $3`,
        [documentId, page, dpi],
      );
      const row = rows[0];
      return row ? { storageKey: row.storage_key, width: row.width, height: row.height } : null;
    },

    /** Keeps a drawn page; false when another request kept the same page first (its file is the one to use). */
    async saveImage(documentId: number, page: number, dpi: number, image: StoredPageImage): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO document_page_images (document_id, page, dpi, storage_key, width, height)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
        [documentId, page, dpi, image.storageKey, image.width, image.height],
      );
      return rows.length === 1;
    },

    async textLayerWords(documentId: number, page: number): Promise<PageWord[] | null> {
      const { rows } = await db.query<{ words: PageWord[] }>(
        `SELECT words FROM document_page_words WHERE document_id = $1 AND page = $2`,
        [documentId, page],
      );
      return rows[0]?.words ?? null;
    },

    async saveTextLayerWords(documentId: number, page: number, words: readonly PageWord[]): Promise<void> {
      await db.query(
        `INSERT INTO document_page_words (document_id, page, words) VALUES ($1, $2, $3)
         ON CONFLICT (document_id, page) DO UPDATE SET words = EXCLUDED.words`,
        [documentId, page, JSON.stringify(words)],
      );
    },

    /** The words tesseract read on the page with their boxes, or none (not a page read by OCR). */
    async ocrWords(documentId: number, page: number): Promise<PageWord[]> {
      const { rows } = await db.query<{ word_boxes: PageWord[] | null }>(
        `SELECT word_boxes FROM document_page_ocr WHERE document_id = $1 AND page = $2 AND status = 'read'`,
        [documentId, page],
      );
      return rows[0]?.word_boxes ?? [];
    },

    /** The words OCR read on each page of the document that it read, by page. */
    async ocrWordsOfDocument(documentId: number): Promise<Map<number, PageWord[]>> {
      const { rows } = await db.query<{ page: number; word_boxes: PageWord[] }>(
        `SELECT page, word_boxes FROM document_page_ocr
          WHERE document_id = $1 AND status = 'read' AND word_boxes IS NOT NULL`,
        [documentId],
      );
      return new Map(rows.map((row) => [row.page, row.word_boxes]));
    },

    async printout(documentId: number): Promise<string | null> {
      const { rows } = await db.query<{ storage_key: string }>(
        `SELECT storage_key FROM document_printouts WHERE document_id = $1`,
        [documentId],
      );
      return rows[0]?.storage_key ?? null;
    },

    async savePrintout(documentId: number, storageKey: string): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO document_printouts (document_id, storage_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [documentId, storageKey],
      );
      return rows.length === 1;
    },
  };
}
