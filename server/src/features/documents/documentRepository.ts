import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import type { DocumentChunk } from './chunkPages.js';
import { ownerColumnOf, type DocumentOwner } from './DocumentOwner.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';
import type { DocumentStatus, StoredDocument } from './StoredDocument.js';
import type { OcrSummary } from './ocr/summariseOcr.js';

export type { DocumentStatus, StoredDocument } from './StoredDocument.js';

interface DocumentRow {
  id: number;
  patient_id: number | null;
  owner_user_id: number | null;
  group_id: number;
  storage_key: string;
  filename: string;
  size_bytes: string | number;
  sha256: string;
  file_type: DocumentFileType;
  status: DocumentStatus;
  page_count: number | null;
  pages_without_text: number[] | null;
  ocr_pages: number[] | null;
  ocr_confidence: number | null;
  low_confidence_pages: number[] | null;
  unreadable_pages: number[] | null;
  blank_pages: number[] | null;
  processed_date: Date | string | null;
  job_id: number | null;
  created_at: Date | string;
  chunk_count: number;
}

const DOCUMENT_SELECT = `
  SELECT d.id, d.patient_id, d.owner_user_id, d.group_id, d.storage_key, d.filename, d.size_bytes, d.sha256, d.file_type, d.status,
         d.page_count, d.pages_without_text, d.ocr_pages, d.ocr_confidence, d.low_confidence_pages,
         d.unreadable_pages, d.blank_pages, d.processed_date, d.job_id, d.created_at,
         (SELECT count(*) FROM document_chunks c WHERE c.document_id = d.id)::int AS chunk_count
    FROM documents d`;

function toDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    patientId: row.patient_id,
    ownerUserId: row.owner_user_id,
    groupId: row.group_id,
    storageKey: row.storage_key,
    filename: row.filename,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    fileType: row.file_type,
    status: row.status,
    pageCount: row.page_count,
    pagesWithoutText: (row.pages_without_text ?? []).map(Number),
    ocrPages: (row.ocr_pages ?? []).map(Number),
    ocrConfidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
    lowConfidencePages: (row.low_confidence_pages ?? []).map(Number),
    unreadablePages: (row.unreadable_pages ?? []).map(Number),
    blankPages: (row.blank_pages ?? []).map(Number),
    processedDate: toIsoDateTime(row.processed_date),
    jobId: row.job_id,
    createdAt: toIsoDateTime(row.created_at) ?? '',
    chunkCount: row.chunk_count,
  };
}

/** The OCR columns of a documents row, in the order the updates below name them. */
const ocrColumns = (ocr: OcrSummary) => [
  ocr.ocr_pages,
  ocr.ocr_confidence,
  ocr.low_confidence_pages,
  ocr.unreadable_pages,
  ocr.blank_pages,
];

/** A chunk as stored; without a source it is text-layer text. */
export type ChunkToStore = Omit<DocumentChunk, 'source' | 'ocrConfidence'> &
  Partial<Pick<DocumentChunk, 'source' | 'ocrConfidence'>>;

/** Whose index a document's chunks belong to: a patient's, or one user's (opinion documents). */
export interface ChunkOwner {
  patientId: number | null;
  ownerUserId: number | null;
}

export interface NewDocument {
  owner: DocumentOwner;
  /** The owner's group at upload time (a patient's group, or the user's). */
  groupId: number;
  uploadedBy: number;
  storageKey: string;
  filename: string;
  sizeBytes: number;
  sha256: string;
  fileType: DocumentFileType;
  createdAt: Date;
}

/** The unique indexes that keep one copy of the same content per owner (a concurrent duplicate hits one). */
export const PATIENT_CONTENT_INDEX = 'documents_patient_content';
export const OWNER_USER_CONTENT_INDEX = 'documents_owner_user_content';

export function contentIndexOf(owner: DocumentOwner): string {
  return owner.kind === 'patient' ? PATIENT_CONTENT_INDEX : OWNER_USER_CONTENT_INDEX;
}

/** The group a patient's documents are read within; an opinion owner's are personal, so none. */
const groupFilterOf = (owner: DocumentOwner) => (owner.kind === 'patient' ? owner.groupId : null);

/**
 * Plain SQL over the documents and their chunks. Every read of an owner's documents filters on the owner's column
 * (each has its own index); a patient's listing and key lookups name the group too.
 */
export function createDocumentRepository(db: Queryable) {
  return {
    /**
     * Marks documents whose processing job ended without them (the job failed or was cancelled outside the
     * handler, e.g. after its workers kept crashing) as failed, and drops their chunks, so that the list tells the
     * truth and the same file can be uploaded again.
     */
    async settleAbandoned(owner: DocumentOwner): Promise<void> {
      const { column, id } = ownerColumnOf(owner);
      await db.query(
        `DELETE FROM document_chunks c USING documents d, jobs j
          WHERE c.document_id = d.id AND d.job_id = j.id AND d.${column} = $1 AND d.status = 'processing'
            AND j.status IN ('failed', 'cancelled')`,
        [id],
      );
      await db.query(
        `UPDATE documents d SET status = 'failed' FROM jobs j
          WHERE d.job_id = j.id AND d.${column} = $1 AND d.status = 'processing'
            AND j.status IN ('failed', 'cancelled')`,
        [id],
      );
    },

    async listOf(owner: DocumentOwner): Promise<StoredDocument[]> {
      const { column, id } = ownerColumnOf(owner);
      const { rows } = await db.query<DocumentRow>(
        `${DOCUMENT_SELECT} WHERE d.${column} = $1 AND ($2::int IS NULL OR d.group_id = $2)
          ORDER BY d.created_at DESC, d.id DESC`,
        [id, groupFilterOf(owner)],
      );
      return rows.map(toDocument);
    },

    /** The owner's document under `storageKey`: a key of anyone else's document finds nothing, like a made-up one. */
    async findByKey(owner: DocumentOwner, storageKey: string): Promise<StoredDocument | null> {
      const { column, id } = ownerColumnOf(owner);
      const { rows } = await db.query<DocumentRow>(
        `${DOCUMENT_SELECT} WHERE d.${column} = $1 AND ($2::int IS NULL OR d.group_id = $2) AND d.storage_key = $3`,
        [id, groupFilterOf(owner), storageKey],
      );
      return rows[0] ? toDocument(rows[0]) : null;
    },

    async findById(documentId: number): Promise<StoredDocument | null> {
      const { rows } = await db.query<DocumentRow>(`${DOCUMENT_SELECT} WHERE d.id = $1`, [documentId]);
      return rows[0] ? toDocument(rows[0]) : null;
    },

    /** The owner's document with this content that did not fail, if any. */
    async findSameContent(owner: DocumentOwner, sha256: string): Promise<StoredDocument | null> {
      const { column, id } = ownerColumnOf(owner);
      const { rows } = await db.query<DocumentRow>(
        `${DOCUMENT_SELECT} WHERE d.${column} = $1 AND d.sha256 = $2 AND d.status <> 'failed'`,
        [id, sha256],
      );
      return rows[0] ? toDocument(rows[0]) : null;
    },

    async insert(document: NewDocument): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO documents (patient_id, owner_user_id, group_id, uploaded_by, storage_key, filename, size_bytes,
                                sha256, file_type, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'processing', $10) RETURNING id`,
        [
          document.owner.kind === 'patient' ? document.owner.patientId : null,
          document.owner.kind === 'opinions' ? document.owner.userId : null,
          document.groupId,
          document.uploadedBy,
          document.storageKey,
          document.filename,
          document.sizeBytes,
          document.sha256,
          document.fileType,
          document.createdAt.toISOString(),
        ],
      );
      return rows[0]!.id;
    },

    async setJob(documentId: number, jobId: number): Promise<void> {
      await db.query(`UPDATE documents SET job_id = $2 WHERE id = $1`, [documentId, jobId]);
    },

    /** The owner columns a document's chunks repeat, or null when the document no longer exists. */
    async chunkOwnerOf(documentId: number): Promise<ChunkOwner | null> {
      const { rows } = await db.query<{ patient_id: number | null; owner_user_id: number | null }>(
        `SELECT patient_id, owner_user_id FROM documents WHERE id = $1`,
        [documentId],
      );
      return rows[0] ? { patientId: rows[0].patient_id, ownerUserId: rows[0].owner_user_id } : null;
    },

    /**
     * Writes chunks by (document, chunk_index), replacing any already there: writing the same chunks twice, as a
     * resumed job may, leaves one copy. Each call is one short statement, so other requests get the database in
     * between (the embedded database runs one statement at a time on the server's own thread).
     */
    async upsertChunks(
      documentId: number,
      owner: ChunkOwner,
      chunks: readonly ChunkToStore[],
      embeddings: readonly number[][] | null,
    ): Promise<void> {
      if (chunks.length === 0) return;
      await db.query(
        `INSERT INTO document_chunks (document_id, patient_id, owner_user_id, page, chunk_index, start_offset,
                                      end_offset, text, source, ocr_confidence)
         SELECT $1, $2, $3, page, chunk_index, start_offset, end_offset, text, source, ocr_confidence
           FROM unnest($4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[], $10::real[])
                AS chunk(page, chunk_index, start_offset, end_offset, text, source, ocr_confidence)
         ON CONFLICT (document_id, chunk_index) DO UPDATE
            SET page = EXCLUDED.page, start_offset = EXCLUDED.start_offset, end_offset = EXCLUDED.end_offset,
                text = EXCLUDED.text, source = EXCLUDED.source, ocr_confidence = EXCLUDED.ocr_confidence,
                embedding = NULL`,
        [
          documentId,
          owner.patientId,
          owner.ownerUserId,
          chunks.map((chunk) => chunk.page),
          chunks.map((chunk) => chunk.chunkIndex),
          chunks.map((chunk) => chunk.startOffset),
          chunks.map((chunk) => chunk.endOffset),
          chunks.map((chunk) => chunk.text),
          chunks.map((chunk) => chunk.source ?? 'text'),
          chunks.map((chunk) => chunk.ocrConfidence ?? null),
        ],
      );
      if (!embeddings) return;
      for (const [index, embedding] of embeddings.entries()) {
        await db.query(
          `UPDATE document_chunks SET embedding = $3::real[] WHERE document_id = $1 AND chunk_index = $2`,
          [documentId, chunks[index]!.chunkIndex, embedding],
        );
      }
    },

    /** Drops the chunks past the first `count` (left by an earlier reading that gave more). */
    async removeChunksFrom(documentId: number, count: number): Promise<void> {
      await db.query(`DELETE FROM document_chunks WHERE document_id = $1 AND chunk_index >= $2`, [
        documentId,
        count,
      ]);
    },

    async markProcessed(
      documentId: number,
      pageCount: number,
      pagesWithoutText: number[],
      ocr: OcrSummary,
      at: Date,
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE documents SET status = 'processed', page_count = $2, pages_without_text = $3::int[], processed_date = $4,
                              ocr_pages = $5::int[], ocr_confidence = $6, low_confidence_pages = $7::int[],
                              unreadable_pages = $8::int[], blank_pages = $9::int[]
          WHERE id = $1`,
        [documentId, pageCount, pagesWithoutText, at.toISOString(), ...ocrColumns(ocr)],
      );
      return rowCount > 0;
    },

    /** What OCR made of the document's scanned pages (again after a rebuild, which may read pages not read before). */
    async recordOcr(documentId: number, ocr: OcrSummary): Promise<void> {
      await db.query(
        `UPDATE documents SET ocr_pages = $2::int[], ocr_confidence = $3, low_confidence_pages = $4::int[],
                              unreadable_pages = $5::int[], blank_pages = $6::int[]
          WHERE id = $1`,
        [documentId, ...ocrColumns(ocr)],
      );
    },

    /** A document whose processing failed keeps its file (to download or delete) but has nothing in the index. */
    async markFailed(documentId: number): Promise<void> {
      await db.query(`DELETE FROM document_chunks WHERE document_id = $1`, [documentId]);
      await db.query(`UPDATE documents SET status = 'failed' WHERE id = $1`, [documentId]);
    },

    async delete(documentId: number): Promise<void> {
      await db.query(`DELETE FROM documents WHERE id = $1`, [documentId]);
    },

    /** The passages in the owner's index (the spec's vector_count). */
    async chunkCountOf(owner: DocumentOwner): Promise<number> {
      const { column, id } = ownerColumnOf(owner);
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM document_chunks WHERE ${column} = $1`,
        [id],
      );
      return rows[0]?.count ?? 0;
    },

    /** Every document of the owner whose index a rebuild re-derives (those processed successfully). */
    async processedIdsOf(owner: DocumentOwner): Promise<number[]> {
      const { column, id } = ownerColumnOf(owner);
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM documents WHERE ${column} = $1 AND status = 'processed' ORDER BY id`,
        [id],
      );
      return rows.map((row) => row.id);
    },

    /** The storage keys of the user's opinion documents (their rows go with the user's account). */
    async keysOfOwnerUser(userId: number): Promise<string[]> {
      const { rows } = await db.query<{ storage_key: string }>(
        `SELECT storage_key FROM documents WHERE owner_user_id = $1`,
        [userId],
      );
      return rows.map((row) => row.storage_key);
    },

    /** Deletes the patient's documents (their chunks cascade) and answers the storage keys that were theirs. */
    async deleteAllOfPatient(patientId: number): Promise<{ documents: number; keys: string[] }> {
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM documents WHERE patient_id = $1 RETURNING storage_key`,
        [patientId],
      );
      return { documents: rows.length, keys: rows.map((row) => row.storage_key) };
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
