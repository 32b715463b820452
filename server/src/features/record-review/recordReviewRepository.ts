import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

/** A processed document of the patient as the record review compares it, in the records' order. */
export interface ReviewedDocument {
  id: number;
  filename: string;
  storageKey: string;
  pageCount: number | null;
  ocrPageCount: number;
  processedDate: string | null;
  /** The document it was set aside as a copy of; null while it is in the records. */
  setAsideAsCopyOf: number | null;
  setAsideSimilarity: number | null;
  setAsideAt: string | null;
  setAsideBy: string | null;
}

interface ReviewedDocumentRow {
  id: number;
  filename: string;
  storage_key: string;
  page_count: number | null;
  ocr_page_count: number;
  processed_date: Date | string | null;
  set_aside_as_copy_of: number | null;
  set_aside_similarity: number | null;
  set_aside_at: Date | string | null;
  set_aside_by: string | null;
}

export function createRecordReviewRepository(db: Queryable) {
  return {
    /** Every processed document of the patient, set aside or not: the current bundle's order, then oldest first. */
    async processedDocuments(patientId: number, groupId: number): Promise<ReviewedDocument[]> {
      const { rows } = await db.query<ReviewedDocumentRow>(
        `SELECT d.id, d.filename, d.storage_key, d.page_count, coalesce(cardinality(d.ocr_pages), 0) AS ocr_page_count,
                d.processed_date, d.set_aside_as_copy_of, d.set_aside_similarity, d.set_aside_at, u.name AS set_aside_by
           FROM documents d
           LEFT JOIN users u ON u.id = d.set_aside_by
           LEFT JOIN record_bundle_documents bd
             ON bd.document_id = d.id
            AND bd.bundle_id = (SELECT b.id FROM record_bundles b
                                 WHERE b.patient_id = $1 AND b.status = 'completed' ORDER BY b.id DESC LIMIT 1)
          WHERE d.patient_id = $1 AND d.group_id = $2 AND d.status = 'processed'
          ORDER BY bd.position NULLS LAST, d.id`,
        [patientId, groupId],
      );
      return rows.map((row) => ({
        id: row.id,
        filename: row.filename,
        storageKey: row.storage_key,
        pageCount: row.page_count,
        ocrPageCount: Number(row.ocr_page_count),
        processedDate: toIsoDateTime(row.processed_date),
        setAsideAsCopyOf: row.set_aside_as_copy_of,
        setAsideSimilarity: row.set_aside_similarity === null ? null : Number(row.set_aside_similarity),
        setAsideAt: toIsoDateTime(row.set_aside_at),
        setAsideBy: row.set_aside_by,
      }));
    },

    /** Each document's indexed text, its passages in page order. */
    async texts(documentIds: readonly number[]): Promise<Map<number, string>> {
      const texts = new Map<number, string>();
      if (documentIds.length === 0) return texts;
      const { rows } = await db.query<{ document_id: number; text: string }>(
        `SELECT document_id, string_agg(text, E'\\n' ORDER BY page, start_offset, chunk_index) AS text
           FROM document_chunks WHERE document_id = ANY($1::int[]) GROUP BY document_id`,
        [documentIds],
      );
      for (const row of rows) texts.set(row.document_id, row.text);
      return texts;
    },

    /** Each document's indexed text page by page, passages in order. */
    async pageTexts(
      documentIds: readonly number[],
    ): Promise<{ documentId: number; page: number; text: string }[]> {
      if (documentIds.length === 0) return [];
      const { rows } = await db.query<{ document_id: number; page: number; text: string }>(
        `SELECT document_id, page, string_agg(text, E'\\n' ORDER BY start_offset, chunk_index) AS text
           FROM document_chunks WHERE document_id = ANY($1::int[]) GROUP BY document_id, page
          ORDER BY document_id, page`,
        [documentIds],
      );
      return rows.map((row) => ({ documentId: row.document_id, page: row.page, text: row.text }));
    },

    /** Sets the copies aside as copies of `keptId` (the patient's own documents only); answers how many changed. */
    async setAside(
      patientId: number,
      keptId: number,
      copies: readonly { id: number; similarity: number }[],
      by: number,
      at: Date,
    ): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `UPDATE documents d SET set_aside_as_copy_of = $2, set_aside_similarity = c.similarity, set_aside_at = $5,
                set_aside_by = $6
           FROM unnest($3::int[], $4::real[]) AS c(id, similarity)
          WHERE d.id = c.id AND d.patient_id = $1
          RETURNING d.id`,
        [patientId, keptId, copies.map((copy) => copy.id), copies.map((copy) => copy.similarity), at, by],
      );
      // A copy kept before now keeps nothing: its own copies follow it to the new kept document.
      await db.query(
        `UPDATE documents SET set_aside_as_copy_of = $2
          WHERE patient_id = $1 AND set_aside_as_copy_of = ANY($3::int[])`,
        [patientId, keptId, copies.map((copy) => copy.id)],
      );
      return rows.length;
    },

    /** Brings a set-aside copy back into the records; false when it was not set aside. */
    async restore(patientId: number, documentId: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE documents SET set_aside_as_copy_of = NULL, set_aside_similarity = NULL, set_aside_at = NULL,
                set_aside_by = NULL
          WHERE id = $1 AND patient_id = $2 AND set_aside_as_copy_of IS NOT NULL`,
        [documentId, patientId],
      );
      return (rowCount ?? 0) > 0;
    },

    /** The patient's documents and pages counted for the case overview, and their open jobs. */
    async overviewCounts(patientId: number, groupId: number) {
      const { rows } = await db.query<{
        total: number;
        processed: number;
        processing: number;
        failed: number;
        set_aside: number;
        pages: number;
        scanned: number;
        read_by_ocr: number;
        low_confidence: number;
        unreadable: number;
        open_jobs: number;
      }>(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE status = 'processed')::int AS processed,
                count(*) FILTER (WHERE status = 'processing')::int AS processing,
                count(*) FILTER (WHERE status = 'failed')::int AS failed,
                count(*) FILTER (WHERE status = 'processed' AND set_aside_as_copy_of IS NOT NULL)::int AS set_aside,
                coalesce(sum(page_count) FILTER (WHERE status = 'processed'), 0)::int AS pages,
                coalesce(sum(cardinality(pages_without_text)) FILTER (WHERE status = 'processed'), 0)::int AS scanned,
                coalesce(sum(cardinality(ocr_pages)) FILTER (WHERE status = 'processed'), 0)::int AS read_by_ocr,
                coalesce(sum(cardinality(low_confidence_pages)) FILTER (WHERE status = 'processed'), 0)::int
                  AS low_confidence,
                coalesce(sum(cardinality(unreadable_pages)) FILTER (WHERE status = 'processed'), 0)::int AS unreadable,
                (SELECT count(*)::int FROM jobs WHERE patient_id = $1 AND status IN ('pending', 'running')) AS open_jobs
           FROM documents WHERE patient_id = $1 AND group_id = $2`,
        [patientId, groupId],
      );
      return rows[0]!;
    },

    async setAsideCount(patientId: number): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM documents WHERE patient_id = $1 AND set_aside_as_copy_of IS NOT NULL`,
        [patientId],
      );
      return rows[0]?.count ?? 0;
    },
  };
}

export type RecordReviewRepository = ReturnType<typeof createRecordReviewRepository>;
