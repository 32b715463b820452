import { JOB_TYPES, type Transcription, type TranscriptionType } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

export type TranscriptionSource = Transcription['source'];

/** A transcription row as the server works with it. */
export interface StoredTranscription {
  id: number;
  patientId: number;
  typeId: number | null;
  text: string;
  source: TranscriptionSource;
  jobId: number | null;
  /** The stored Word document; set means Complete. */
  storageKey: string | null;
  filename: string | null;
  createdBy: number | null;
}

interface TranscriptionRow {
  id: number;
  patient_id: number;
  type_id: number | null;
  text: string;
  source: TranscriptionSource;
  job_id: number | null;
  storage_key: string | null;
  filename: string | null;
  created_by: number | null;
}

const COLUMNS = 'id, patient_id, type_id, text, source, job_id, storage_key, filename, created_by';

const toStored = (row: TranscriptionRow): StoredTranscription => ({
  id: row.id,
  patientId: row.patient_id,
  typeId: row.type_id,
  text: row.text,
  source: row.source,
  jobId: row.job_id,
  storageKey: row.storage_key,
  filename: row.filename,
  createdBy: row.created_by,
});

interface ListedRow {
  id: number;
  text: string;
  created_at: Date | string;
  updated_at: Date | string;
  type_name: string | null;
  type_id: number | null;
  created_by_name: string | null;
  storage_key: string | null;
  filename: string | null;
  patient_id: number;
  source: TranscriptionSource;
  duration_seconds: number | null;
  segment_count: number | null;
}

const toListed = (row: ListedRow): Transcription => ({
  ID_Transcription: row.id,
  Transcription: row.text,
  DateOfTranscription: toIsoDateTime(row.created_at) ?? '',
  text_transcription_type: row.type_name,
  transcriptionType: row.type_id,
  CreatedBy: row.created_by_name,
  Status: row.storage_key === null ? 'Incomplete' : 'Complete',
  S3_Link: row.storage_key,
  filename: row.filename,
  patient_id: row.patient_id,
  source: row.source,
  updated_at: toIsoDateTime(row.updated_at) ?? '',
  duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
  segment_count: row.segment_count,
});

const LISTED_SELECT = `
  SELECT t.id, t.text, t.created_at, t.updated_at, ty.name AS type_name, t.type_id, u.name AS created_by_name,
         t.storage_key, t.filename, t.patient_id, t.source, t.duration_seconds, t.segment_count
    FROM transcriptions t
    LEFT JOIN transcription_types ty ON ty.id = t.type_id
    LEFT JOIN users u ON u.id = t.created_by`;

/**
 * The patients' transcriptions (`transcriptions`) and their types. Shared by the HTTP calls, the audio job and the
 * live socket, which appends every final segment to its draft as it is recognised.
 */
export function createTranscriptionRepository(db: Queryable) {
  return {
    async listTypes(): Promise<TranscriptionType[]> {
      const { rows } = await db.query<{ id: number; name: string; description: string | null }>(
        `SELECT id, name, description FROM transcription_types ORDER BY sort_order, id`,
      );
      return rows.map((row) => ({
        ID_transcription: row.id,
        text_transcription_type: row.name,
        description: row.description,
      }));
    },

    /** The type's name, or null when there is no such type. */
    async findTypeName(typeId: number): Promise<string | null> {
      const { rows } = await db.query<{ name: string }>(
        `SELECT name FROM transcription_types WHERE id = $1`,
        [typeId],
      );
      return rows[0]?.name ?? null;
    },

    /** Starts an empty transcription (a live draft) and answers its id. */
    async createDraft(entry: {
      patientId: number;
      typeId: number | null;
      userId: number;
      source: TranscriptionSource;
      now: Date;
    }): Promise<number> {
      return insertRow(db, { ...entry, text: '', jobId: null });
    },

    /** Adds a transcription with its text (a save without a draft) and answers its id. */
    async insert(entry: {
      patientId: number;
      typeId: number | null;
      userId: number;
      source: TranscriptionSource;
      text: string;
      now: Date;
    }): Promise<number> {
      return insertRow(db, { ...entry, jobId: null });
    },

    /**
     * Stores what an audio job recognised, once per job: a job resumed after a crash finds the row its first run
     * wrote and answers that one's id instead of adding a second.
     */
    async insertOfJob(entry: {
      patientId: number;
      typeId: number | null;
      userId: number;
      jobId: number;
      text: string;
      durationSeconds: number;
      segmentCount: number;
      now: Date;
    }): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO transcriptions (patient_id, type_id, created_by, text, source, job_id, duration_seconds,
                                     segment_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'upload', $5, $6, $7, $8, $8)
         ON CONFLICT (job_id) WHERE job_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [
          entry.patientId,
          entry.typeId,
          entry.userId,
          entry.text,
          entry.jobId,
          entry.durationSeconds,
          entry.segmentCount,
          entry.now.toISOString(),
        ],
      );
      if (rows[0]) return rows[0].id;
      const existing = await db.query<{ id: number }>(`SELECT id FROM transcriptions WHERE job_id = $1`, [
        entry.jobId,
      ]);
      const id = existing.rows[0]?.id;
      if (id === undefined)
        throw new Error(`The transcription of job ${entry.jobId} vanished while storing it`);
      return id;
    },

    async findOfPatient(patientId: number, id: number): Promise<StoredTranscription | null> {
      const { rows } = await db.query<TranscriptionRow>(
        `SELECT ${COLUMNS} FROM transcriptions WHERE patient_id = $1 AND id = $2`,
        [patientId, id],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    /** The row, locked until the transaction ends: a final appended meanwhile waits for the save to commit. */
    async findOfPatientForUpdate(patientId: number, id: number): Promise<StoredTranscription | null> {
      const { rows } = await db.query<TranscriptionRow>(
        `SELECT ${COLUMNS} FROM transcriptions WHERE patient_id = $1 AND id = $2 FOR UPDATE`,
        [patientId, id],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    /** The row by id alone: for the calls whose patient comes from the transcription itself. */
    async findById(id: number): Promise<StoredTranscription | null> {
      const { rows } = await db.query<TranscriptionRow>(
        `SELECT ${COLUMNS} FROM transcriptions WHERE id = $1`,
        [id],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    async findByStorageKey(storageKey: string): Promise<StoredTranscription | null> {
      const { rows } = await db.query<TranscriptionRow>(
        `SELECT ${COLUMNS} FROM transcriptions WHERE storage_key = $1`,
        [storageKey],
      );
      return rows[0] ? toStored(rows[0]) : null;
    },

    /** The transcription as the screens show it. */
    async describe(id: number): Promise<Transcription | null> {
      const { rows } = await db.query<ListedRow>(`${LISTED_SELECT} WHERE t.id = $1`, [id]);
      return rows[0] ? toListed(rows[0]) : null;
    },

    /** The patient's transcriptions, newest first; only the Incomplete ones (no stored document) when asked. */
    async listOfPatient(patientId: number, options: { incompleteOnly: boolean }): Promise<Transcription[]> {
      const { rows } = await db.query<ListedRow>(
        `${LISTED_SELECT}
          WHERE t.patient_id = $1 ${options.incompleteOnly ? 'AND t.storage_key IS NULL' : ''}
          ORDER BY t.created_at DESC, t.id DESC`,
        [patientId],
      );
      return rows.map(toListed);
    },

    /**
     * Appends a final segment to the transcription's text, separated by a space (none when the text is empty or
     * already ends in a line break). Text the transcription already ends with is skipped, so a segment delivered
     * twice (a retried event) is stored once. The same rule as the contract's appendFinalText, which the screen
     * follows to know the stored text, done in one statement so that concurrent appends cannot interleave.
     * Answers false when there is no such transcription.
     */
    async appendFinal(id: number, text: string, now: Date): Promise<boolean> {
      const segment = text.trim();
      if (segment === '') {
        const { rowCount } = await db.query(`SELECT 1 FROM transcriptions WHERE id = $1`, [id]);
        return rowCount > 0;
      }
      const { rowCount } = await db.query(
        `UPDATE transcriptions
            SET text = CASE
                  WHEN rtrim(text, E' \\t') = '' THEN $2
                  WHEN rtrim(text, E' \\t\\n') = $2
                    OR right(rtrim(text, E' \\t\\n'), length($2) + 1) IN (' ' || $2, E'\\n' || $2) THEN text
                  WHEN right(text, 1) = E'\\n' THEN text || $2
                  ELSE rtrim(text, E' \\t') || ' ' || $2
                END,
                updated_at = $3
          WHERE id = $1`,
        [id, segment, now.toISOString()],
      );
      return rowCount > 0;
    },

    /** Replaces the text (and type) of a transcription, as the editor last showed it. */
    async saveText(id: number, text: string, typeId: number | null, now: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE transcriptions SET text = $2, type_id = $3, updated_at = $4 WHERE id = $1`,
        [id, text, typeId, now.toISOString()],
      );
      return rowCount > 0;
    },

    /** Records the stored Word document (the transcription becomes Complete) with the text it was written from. */
    async complete(
      id: number,
      entry: { text: string; typeId: number | null; storageKey: string; filename: string; now: Date },
    ): Promise<void> {
      await db.query(
        `UPDATE transcriptions SET text = $2, type_id = $3, storage_key = $4, filename = $5, updated_at = $6
          WHERE id = $1`,
        [id, entry.text, entry.typeId, entry.storageKey, entry.filename, entry.now.toISOString()],
      );
    },

    /** Removes the transcription and answers its stored document's key (null when it had none). */
    async delete(id: number): Promise<{ storageKey: string | null } | null> {
      const { rows } = await db.query<{ storage_key: string | null }>(
        `DELETE FROM transcriptions WHERE id = $1 RETURNING storage_key`,
        [id],
      );
      return rows[0] ? { storageKey: rows[0].storage_key } : null;
    },

    /** Removes every transcription of the patient: how many, and the storage keys of their documents. */
    /** The rows, their Word documents' keys, and the keys of recordings whose audio job has not finished. */
    async deleteAllOfPatient(patientId: number): Promise<{ deleted: number; storageKeys: string[] }> {
      const { rows } = await db.query<{ storage_key: string | null }>(
        `DELETE FROM transcriptions WHERE patient_id = $1 RETURNING storage_key`,
        [patientId],
      );
      const { rows: recordings } = await db.query<{ storage_key: string | null }>(
        `SELECT input_data->>'storage_key' AS storage_key FROM jobs
          WHERE patient_id = $1 AND job_type = $2 AND status IN ('pending', 'running', 'failed', 'cancelled')`,
        [patientId, JOB_TYPES.AUDIO_TRANSCRIPTION],
      );
      return {
        deleted: rows.length,
        storageKeys: [...rows, ...recordings].flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
      };
    },
  };
}

export type TranscriptionRepository = ReturnType<typeof createTranscriptionRepository>;

async function insertRow(
  db: Queryable,
  entry: {
    patientId: number;
    typeId: number | null;
    userId: number;
    source: TranscriptionSource;
    text: string;
    jobId: number | null;
    now: Date;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO transcriptions (patient_id, type_id, created_by, text, source, job_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     RETURNING id`,
    [
      entry.patientId,
      entry.typeId,
      entry.userId,
      entry.text,
      entry.source,
      entry.jobId,
      entry.now.toISOString(),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('Storing the transcription answered no id');
  return id;
}
