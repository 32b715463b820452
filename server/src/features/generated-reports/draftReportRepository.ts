import type { GeneratedDocument } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

/** A stored generated document. */
export interface StoredDraftReport {
  storageKey: string;
  filename: string;
  sizeBytes: number;
  jobId: number | null;
}

interface DraftReportRow {
  storage_key: string;
  filename: string;
  size_bytes: number;
  job_id: number | null;
}

const toStored = (row: DraftReportRow): StoredDraftReport => ({
  storageKey: row.storage_key,
  filename: row.filename,
  sizeBytes: Number(row.size_bytes),
  jobId: row.job_id,
});

/** The Word documents draft-report jobs wrote (`draft_reports`), one per job. */
export function createDraftReportRepository(db: Queryable) {
  return {
    async findByJob(jobId: number): Promise<StoredDraftReport | null> {
      const { rows } = await db.query<DraftReportRow>(
        `SELECT storage_key, filename, size_bytes::int AS size_bytes, job_id FROM draft_reports WHERE job_id = $1`,
        [jobId],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    /** Records the job's document; answers false when the job has one already (nothing is inserted). */
    async insert(entry: {
      patientId: number;
      jobId: number;
      storageKey: string;
      filename: string;
      sizeBytes: number;
      reportType: string;
      createdBy: number;
      at: Date;
    }): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO draft_reports
           (patient_id, job_id, storage_key, filename, size_bytes, format, report_type, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, 'DOCX', $6, $7, $8)
         ON CONFLICT (job_id) WHERE job_id IS NOT NULL DO NOTHING`,
        [
          entry.patientId,
          entry.jobId,
          entry.storageKey,
          entry.filename,
          entry.sizeBytes,
          entry.reportType,
          entry.createdBy,
          entry.at.toISOString(),
        ],
      );
      return rowCount > 0;
    },

    /** The patient's documents, newest first, with the name of who started each. */
    async listOfPatient(patientId: number): Promise<GeneratedDocument[]> {
      const { rows } = await db.query<
        Omit<GeneratedDocument, 'created_date'> & { created_date: Date | string }
      >(
        `SELECT d.filename, d.size_bytes::int AS size_bytes, d.created_at AS created_date, d.job_id, d.storage_key AS s3_key, d.format, d.report_type, u.name AS created_by
           FROM draft_reports d
           LEFT JOIN users u ON u.id = d.created_by
          WHERE d.patient_id = $1
          ORDER BY d.created_at DESC, d.id DESC`,
        [patientId],
      );
      return rows.map((row) => ({ ...row, created_date: toIsoDateTime(row.created_date) ?? '' }));
    },

    async findOfPatient(patientId: number, storageKey: string): Promise<StoredDraftReport | null> {
      const { rows } = await db.query<DraftReportRow>(
        `SELECT storage_key, filename, size_bytes::int AS size_bytes, job_id
           FROM draft_reports WHERE patient_id = $1 AND storage_key = $2`,
        [patientId, storageKey],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    async deleteOfPatient(patientId: number, storageKey: string): Promise<StoredDraftReport | null> {
      const { rows } = await db.query<DraftReportRow>(
        `DELETE FROM draft_reports WHERE patient_id = $1 AND storage_key = $2
         RETURNING storage_key, filename, size_bytes::int AS size_bytes, job_id`,
        [patientId, storageKey],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    /** Removes every document of the patient and answers their storage keys. */
    async deleteAllOfPatient(patientId: number): Promise<string[]> {
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM draft_reports WHERE patient_id = $1 RETURNING storage_key`,
        [patientId],
      );
      return rows.map((row) => row.storage_key);
    },

    /** The file name and patient behind a storage key, for the signed download. */
    async findByKey(storageKey: string): Promise<{ filename: string; patientId: number } | null> {
      const { rows } = await db.query<{ filename: string; patient_id: number }>(
        `SELECT filename, patient_id FROM draft_reports WHERE storage_key = $1`,
        [storageKey],
      );
      return rows[0] ? { filename: rows[0].filename, patientId: rows[0].patient_id } : null;
    },
  };
}
