import type { OmittedDuplicate } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import { notSetAside } from '../record-review/setAsideSql.js';
import type { DocumentFileType } from '../documents/extraction/ExtractedDocument.js';

/** A processed document of the patient as the bundle orders it. */
export interface BundleSourceDocument {
  id: number;
  storageKey: string;
  filename: string;
  fileType: DocumentFileType;
  /** ISO date, or null when none was found (or none looked for yet). */
  documentDate: string | null;
  createdAt: string;
  pageCount: number | null;
  /** Its place in the saved order, or null when the user has not placed it. */
  savedPosition: number | null;
}

/** A processed document set aside in record review as a copy of the document `copyOf`. */
export interface SetAsideCopy extends BundleSourceDocument {
  copyOf: number;
  copyOfFilename: string;
}

export type BundleStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface StoredBundle {
  id: number;
  patientId: number;
  status: BundleStatus;
  jobId: number | null;
  storageKey: string | null;
  filename: string;
  pageCount: number | null;
  indexPages: number | null;
  errorMessage: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The set-aside copies its index listed as omitted. */
  omittedDuplicates: OmittedDuplicate[];
}

/** Where one document landed in a bundle; `pageMap[p - 1]` is the bundle page of the document's page p. */
export interface StoredBundleEntry {
  position: number;
  documentId: number | null;
  /** The document's key now, or null once the document was deleted. */
  storageKey: string | null;
  filename: string;
  /** How the index named it; null for a bundle made before descriptions. */
  description: string | null;
  documentDate: string | null;
  firstPage: number;
  lastPage: number;
  pageMap: number[];
}

export interface NewBundleEntry {
  documentId: number;
  filename: string;
  /** How the index and the outline named it. */
  description: string;
  documentDate: string | null;
  firstPage: number;
  lastPage: number;
  pageMap: number[];
}

interface BundleRow {
  id: number;
  patient_id: number;
  status: BundleStatus;
  job_id: number | null;
  storage_key: string | null;
  filename: string;
  page_count: number | null;
  index_pages: number | null;
  error_message: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  omitted_duplicates: OmittedDuplicate[];
}

const BUNDLE_COLUMNS = `id, patient_id, status, job_id, storage_key, filename, page_count, index_pages, error_message,
  created_at, completed_at, omitted_duplicates`;

function toBundle(row: BundleRow): StoredBundle {
  return {
    id: row.id,
    patientId: row.patient_id,
    status: row.status,
    jobId: row.job_id,
    storageKey: row.storage_key,
    filename: row.filename,
    pageCount: row.page_count,
    indexPages: row.index_pages,
    errorMessage: row.error_message,
    createdAt: toIsoDateTime(row.created_at) ?? '',
    completedAt: toIsoDateTime(row.completed_at),
    omittedDuplicates: row.omitted_duplicates,
  };
}

interface SourceDocumentRow {
  id: number;
  storage_key: string;
  filename: string;
  file_type: DocumentFileType;
  document_date: string | null;
  created_at: Date | string;
  page_count: number | null;
  position: number | null;
  set_aside_as_copy_of: number | null;
  copy_of_filename: string | null;
}

const toSourceDocument = (row: SourceDocumentRow): BundleSourceDocument => ({
  id: row.id,
  storageKey: row.storage_key,
  filename: row.filename,
  fileType: row.file_type,
  documentDate: row.document_date,
  createdAt: toIsoDateTime(row.created_at) ?? '',
  pageCount: row.page_count,
  savedPosition: row.position,
});

/** Plain SQL over a patient's bundle order, its bundles and where each document landed in them. */
export function createBundleRepository(db: Queryable) {
  /** The patient's processed documents that meet `condition` (over `d`, the documents), in id order. */
  async function sourceDocuments(patientId: number, groupId: number, condition: string) {
    const { rows } = await db.query<SourceDocumentRow>(
      `SELECT d.id, d.storage_key, d.filename, d.file_type, to_char(d.document_date, 'YYYY-MM-DD') AS document_date,
              d.created_at, d.page_count, o.position, d.set_aside_as_copy_of, k.filename AS copy_of_filename
         FROM documents d
         LEFT JOIN bundle_order o ON o.document_id = d.id AND o.patient_id = d.patient_id
         LEFT JOIN documents k ON k.id = d.set_aside_as_copy_of
        WHERE d.patient_id = $1 AND d.group_id = $2 AND d.status = 'processed' AND ${condition}
        ORDER BY d.id`,
      [patientId, groupId],
    );
    return rows;
  }

  return {
    /** The patient's processed documents, with their saved position if the user placed them. */
    async processedDocuments(patientId: number, groupId: number): Promise<BundleSourceDocument[]> {
      const rows = await sourceDocuments(patientId, groupId, notSetAside('d'));
      return rows.map(toSourceDocument);
    },

    /** The patient's processed documents set aside as copies, each with the document it copies. */
    async setAsideCopies(patientId: number, groupId: number): Promise<SetAsideCopy[]> {
      const rows = await sourceDocuments(patientId, groupId, `NOT ${notSetAside('d')}`);
      return rows.map((row) => ({
        ...toSourceDocument(row),
        copyOf: row.set_aside_as_copy_of!,
        copyOfFilename: row.copy_of_filename!,
      }));
    },

    /** The indexed text of the first `pages` pages of each document, page by page, passages in order. */
    async openingText(documentIds: readonly number[], pages: number): Promise<Map<number, string>> {
      const texts = new Map<number, string>();
      if (documentIds.length === 0) return texts;
      const { rows } = await db.query<{ document_id: number; text: string }>(
        `SELECT document_id, text FROM document_chunks
          WHERE document_id = ANY($1::int[]) AND page <= $2
          ORDER BY document_id, page, chunk_index`,
        [documentIds, pages],
      );
      for (const row of rows) {
        const before = texts.get(row.document_id);
        texts.set(row.document_id, before === undefined ? row.text : `${before}\n${row.text}`);
      }
      return texts;
    },

    /** The descriptions experts gave the documents for the index, by document. */
    async expertDescriptions(documentIds: readonly number[]): Promise<Map<number, string>> {
      const { rows } = await db.query<{ document_id: number; description: string }>(
        `SELECT document_id, description FROM bundle_descriptions WHERE document_id = ANY($1::int[])`,
        [documentIds],
      );
      return new Map(rows.map((row) => [row.document_id, row.description]));
    },

    /** Keeps the expert's description of a document, or with null goes back to the one read from it. */
    async setExpertDescription(documentId: number, description: string | null, by: number, at: Date) {
      if (description === null) {
        await db.query(`DELETE FROM bundle_descriptions WHERE document_id = $1`, [documentId]);
        return;
      }
      await db.query(
        `INSERT INTO bundle_descriptions (document_id, description, updated_by, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (document_id) DO UPDATE
            SET description = EXCLUDED.description, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [documentId, description, by, at.toISOString()],
      );
    },

    async setDocumentDates(dates: ReadonlyMap<number, string>): Promise<void> {
      if (dates.size === 0) return;
      await db.query(
        `UPDATE documents d SET document_date = found.document_date::date
           FROM unnest($1::int[], $2::text[]) AS found(id, document_date)
          WHERE d.id = found.id`,
        [[...dates.keys()], [...dates.values()]],
      );
    },

    async hasSavedOrder(patientId: number): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM bundle_order WHERE patient_id = $1 LIMIT 1`, [
        patientId,
      ]);
      return rows.length > 0;
    },

    /** Replaces the patient's saved order with `documentIds` in that order. */
    async saveOrder(patientId: number, documentIds: readonly number[]): Promise<void> {
      await db.query(`DELETE FROM bundle_order WHERE patient_id = $1`, [patientId]);
      if (documentIds.length === 0) return;
      await db.query(
        `INSERT INTO bundle_order (patient_id, document_id, position)
         SELECT $1, id, position FROM unnest($2::int[]) WITH ORDINALITY AS ordered(id, position)`,
        [patientId, documentIds],
      );
    },

    /** Serialises the bundle calls that start a job for one patient (held until the transaction ends). */
    async lockPatient(patientId: number): Promise<void> {
      await db.query(`SELECT id FROM patients WHERE id = $1 FOR UPDATE`, [patientId]);
    },

    async activeJobId(patientId: number, jobType: string): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM jobs WHERE patient_id = $1 AND job_type = $2 AND status IN ('pending', 'running')
          ORDER BY id DESC LIMIT 1`,
        [patientId, jobType],
      );
      return rows[0]?.id ?? null;
    },

    async insertBundle(bundle: {
      patientId: number;
      groupId: number;
      jobId: number;
      filename: string;
      createdBy: number;
      at: Date;
    }): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO record_bundles (patient_id, group_id, job_id, status, filename, created_by, created_at)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6) RETURNING id`,
        [
          bundle.patientId,
          bundle.groupId,
          bundle.jobId,
          bundle.filename,
          bundle.createdBy,
          bundle.at.toISOString(),
        ],
      );
      return rows[0]!.id;
    },

    async findByJob(jobId: number): Promise<StoredBundle | null> {
      const { rows } = await db.query<BundleRow>(
        `SELECT ${BUNDLE_COLUMNS} FROM record_bundles WHERE job_id = $1`,
        [jobId],
      );
      return rows[0] ? toBundle(rows[0]) : null;
    },

    /** What the index page says about the patient. */
    async patientHeading(patientId: number): Promise<{ name: string; mrn: string } | null> {
      const { rows } = await db.query<{ first_name: string; surname: string; mrn: string }>(
        `SELECT first_name, surname, mrn FROM patients WHERE id = $1`,
        [patientId],
      );
      const row = rows[0];
      return row ? { name: `${row.first_name} ${row.surname}`, mrn: row.mrn } : null;
    },

    async findById(bundleId: number): Promise<StoredBundle | null> {
      const { rows } = await db.query<BundleRow>(
        `SELECT ${BUNDLE_COLUMNS} FROM record_bundles WHERE id = $1`,
        [bundleId],
      );
      return rows[0] ? toBundle(rows[0]) : null;
    },

    /**
     * A bundle whose job ended without the handler settling it (its workers kept stopping, or the job row was
     * deleted) takes the job's outcome, so it never shows as being produced forever.
     */
    async settleAbandoned(patientId: number): Promise<void> {
      await db.query(
        `UPDATE record_bundles b
            SET status = CASE WHEN j.status = 'cancelled' THEN 'cancelled' ELSE 'failed' END,
                error_message = COALESCE(j.error_message, 'The bundle job ended before the bundle was saved'),
                completed_at = COALESCE(j.completed_at, b.created_at)
           FROM jobs j
          WHERE b.patient_id = $1 AND b.job_id = j.id AND b.status IN ('pending', 'running')
            AND j.status IN ('completed', 'failed', 'cancelled')`,
        [patientId],
      );
      await db.query(
        `UPDATE record_bundles
            SET status = 'failed', error_message = 'The bundle job was deleted before the bundle was saved',
                completed_at = created_at
          WHERE patient_id = $1 AND job_id IS NULL AND status IN ('pending', 'running')`,
        [patientId],
      );
    },

    /** The current bundle: the latest completed one, else the one being produced, else null. */
    async current(patientId: number): Promise<StoredBundle | null> {
      const { rows } = await db.query<BundleRow>(
        `SELECT ${BUNDLE_COLUMNS} FROM record_bundles
          WHERE patient_id = $1 AND status IN ('completed', 'pending', 'running')
          ORDER BY (status = 'completed') DESC, id DESC LIMIT 1`,
        [patientId],
      );
      return rows[0] ? toBundle(rows[0]) : null;
    },

    async latestCompleted(patientId: number): Promise<StoredBundle | null> {
      const { rows } = await db.query<BundleRow>(
        `SELECT ${BUNDLE_COLUMNS} FROM record_bundles
          WHERE patient_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
        [patientId],
      );
      return rows[0] ? toBundle(rows[0]) : null;
    },

    async entries(bundleId: number): Promise<StoredBundleEntry[]> {
      const { rows } = await db.query<{
        position: number;
        document_id: number | null;
        storage_key: string | null;
        filename: string;
        description: string | null;
        document_date: string | null;
        first_page: number;
        last_page: number;
        page_map: (number | string)[];
      }>(
        `SELECT e.position, e.document_id, d.storage_key, e.filename, e.description,
                to_char(e.document_date, 'YYYY-MM-DD') AS document_date, e.first_page, e.last_page, e.page_map
           FROM record_bundle_documents e
           LEFT JOIN documents d ON d.id = e.document_id
          WHERE e.bundle_id = $1 ORDER BY e.position`,
        [bundleId],
      );
      return rows.map((row) => ({
        position: row.position,
        documentId: row.document_id,
        storageKey: row.storage_key,
        filename: row.filename,
        description: row.description,
        documentDate: row.document_date,
        firstPage: row.first_page,
        lastPage: row.last_page,
        pageMap: row.page_map.map(Number),
      }));
    },

    /** Moves a pending bundle to running; false when it is no longer pending or running (settled meanwhile). */
    async markRunning(bundleId: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE record_bundles SET status = 'running' WHERE id = $1 AND status IN ('pending', 'running')
         RETURNING id`,
        [bundleId],
      );
      return rows.length === 1;
    },

    async markEnded(
      bundleId: number,
      outcome: { status: 'failed' | 'cancelled'; errorMessage: string | null; at: Date },
    ): Promise<void> {
      await db.query(
        `UPDATE record_bundles SET status = $2, error_message = $3, completed_at = $4
          WHERE id = $1 AND status IN ('pending', 'running')`,
        [bundleId, outcome.status, outcome.errorMessage, outcome.at.toISOString()],
      );
    },

    /**
     * Records the finished bundle with where each document landed and removes the patient's older bundles;
     * answers the storage keys of the files those older bundles kept (to remove once this has committed).
     */
    async complete(
      bundle: StoredBundle,
      result: {
        storageKey: string;
        pageCount: number;
        indexPages: number;
        at: Date;
        entries: NewBundleEntry[];
        omittedDuplicates: readonly OmittedDuplicate[];
      },
    ): Promise<string[]> {
      await db.query(
        `UPDATE record_bundles
            SET status = 'completed', storage_key = $2, page_count = $3, index_pages = $4, completed_at = $5,
                error_message = NULL, omitted_duplicates = $6::jsonb
          WHERE id = $1`,
        [
          bundle.id,
          result.storageKey,
          result.pageCount,
          result.indexPages,
          result.at.toISOString(),
          JSON.stringify(result.omittedDuplicates),
        ],
      );
      // A document deleted while the bundle was made keeps its entry (the pages are in the file) without the link.
      for (const [index, entry] of result.entries.entries()) {
        await db.query(
          `INSERT INTO record_bundle_documents (bundle_id, document_id, position, filename, document_date,
                                                first_page, last_page, page_map, description)
           VALUES ($1, (SELECT id FROM documents WHERE id = $2), $3, $4, $5::date, $6, $7, $8::int[], $9)`,
          [
            bundle.id,
            entry.documentId,
            index + 1,
            entry.filename,
            entry.documentDate,
            entry.firstPage,
            entry.lastPage,
            entry.pageMap,
            entry.description,
          ],
        );
      }
      const { rows } = await db.query<{ storage_key: string | null }>(
        `DELETE FROM record_bundles WHERE patient_id = $1 AND id < $2 AND status <> 'running' AND status <> 'pending'
         RETURNING storage_key`,
        [bundle.patientId, bundle.id],
      );
      return rows.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
    },

    /** Deletes the patient's bundles and saved order; answers the bundle count and their files' keys. */
    async deleteAllOfPatient(patientId: number): Promise<{ bundles: number; keys: string[] }> {
      await db.query(`DELETE FROM bundle_order WHERE patient_id = $1`, [patientId]);
      const { rows } = await db.query<{ storage_key: string | null }>(
        `DELETE FROM record_bundles WHERE patient_id = $1 RETURNING storage_key`,
        [patientId],
      );
      return {
        bundles: rows.length,
        keys: rows.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
      };
    },

    /** The finished bundle stored under `storageKey`, for signed downloads. */
    async findByStorageKey(storageKey: string): Promise<{ patientId: number; filename: string } | null> {
      const { rows } = await db.query<{ patient_id: number; filename: string }>(
        `SELECT patient_id, filename FROM record_bundles WHERE storage_key = $1 AND status = 'completed'`,
        [storageKey],
      );
      return rows[0] ? { patientId: rows[0].patient_id, filename: rows[0].filename } : null;
    },
  };
}

export type BundleRepository = ReturnType<typeof createBundleRepository>;
