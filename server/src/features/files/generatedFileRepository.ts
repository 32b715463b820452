import type { Queryable } from '../../db/Database.js';

/** Files the server wrote for a download (e.g. a patient's document list), one per patient and name. */
export function createGeneratedFileRepository(db: Queryable) {
  return {
    /** Records `storageKey` as the patient's file of that name and answers the key it replaces, if any. */
    async replaceForPatient(entry: {
      patientId: number;
      filename: string;
      storageKey: string;
      createdBy: number;
      at: Date;
    }): Promise<string | null> {
      const previous = await db.query<{ storage_key: string }>(
        `DELETE FROM generated_files WHERE patient_id = $1 AND filename = $2 RETURNING storage_key`,
        [entry.patientId, entry.filename],
      );
      await db.query(
        `INSERT INTO generated_files (patient_id, storage_key, filename, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [entry.patientId, entry.storageKey, entry.filename, entry.createdBy, entry.at.toISOString()],
      );
      return previous.rows[0]?.storage_key ?? null;
    },

    async deleteAllOfPatient(patientId: number): Promise<string[]> {
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM generated_files WHERE patient_id = $1 RETURNING storage_key`,
        [patientId],
      );
      return rows.map((row) => row.storage_key);
    },
  };
}
