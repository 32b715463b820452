import type { Queryable } from '../../db/Database.js';

/** Whose generated file it is: a patient's (e.g. their document list) or one user's (their opinion documents' list). */
export type GeneratedFileOwner = { patientId: number } | { ownerUserId: number };

/** Files the server wrote for a download (e.g. a patient's document list), one per owner and name. */
export function createGeneratedFileRepository(db: Queryable) {
  return {
    /** Records `storageKey` as the owner's file of that name and answers the key it replaces, if any. */
    async replace(entry: {
      owner: GeneratedFileOwner;
      filename: string;
      storageKey: string;
      createdBy: number;
      at: Date;
    }): Promise<string | null> {
      const [column, ownerId] =
        'patientId' in entry.owner
          ? (['patient_id', entry.owner.patientId] as const)
          : (['owner_user_id', entry.owner.ownerUserId] as const);
      const previous = await db.query<{ storage_key: string }>(
        `DELETE FROM generated_files WHERE ${column} = $1 AND filename = $2 RETURNING storage_key`,
        [ownerId, entry.filename],
      );
      await db.query(
        `INSERT INTO generated_files (${column}, storage_key, filename, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [ownerId, entry.storageKey, entry.filename, entry.createdBy, entry.at.toISOString()],
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

    /** The keys of the user's own generated files (their rows go with the user's account). */
    async keysOfOwnerUser(userId: number): Promise<string[]> {
      const { rows } = await db.query<{ storage_key: string }>(
        `SELECT storage_key FROM generated_files WHERE owner_user_id = $1`,
        [userId],
      );
      return rows.map((row) => row.storage_key);
    },
  };
}
