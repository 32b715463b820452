import type { TrustedSource } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { DEFAULT_TRUSTED_SOURCES } from './defaultTrustedSources.js';

/** A source's editable fields, its domain normalised already. */
export interface TrustedSourceFields {
  name: string;
  domain: string;
  description: string | null;
}

const COLUMNS = `id AS "ID_Source", source_name, source_domain, source_description, is_active, is_default`;

/** Each user's trusted sources (table trusted_sources); every statement is scoped to the user. */
export function createTrustedSourceRepository(db: Queryable) {
  return {
    /**
     * Gives the user every default they do not have yet. One statement, idempotent: a default already seeded (by
     * its key) or whose domain the user added themselves is left alone, so edits and switches survive.
     */
    async seedDefaults(userId: number, at: Date): Promise<void> {
      const values: unknown[] = [userId, at.toISOString()];
      const rows = DEFAULT_TRUSTED_SOURCES.map((source) => {
        values.push(source.key, source.name, source.domain, source.description);
        const n = values.length;
        return `($1, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, true, true, $2::timestamptz)`;
      });
      await db.query(
        `INSERT INTO trusted_sources
           (user_id, default_key, source_name, source_domain, source_description, is_active, is_default, created_at)
         VALUES ${rows.join(', ')}
         ON CONFLICT DO NOTHING`,
        values,
      );
    },

    /** Defaults first (in the order they were seeded), then the user's own in the order added. */
    async list(userId: number, tx: Queryable = db): Promise<TrustedSource[]> {
      const { rows } = await tx.query<TrustedSource>(
        `SELECT ${COLUMNS} FROM trusted_sources WHERE user_id = $1 ORDER BY is_default DESC, id`,
        [userId],
      );
      return rows;
    },

    async find(userId: number, id: number, tx: Queryable = db): Promise<TrustedSource | null> {
      const { rows } = await tx.query<TrustedSource>(
        `SELECT ${COLUMNS} FROM trusted_sources WHERE user_id = $1 AND id = $2`,
        [userId, id],
      );
      return rows[0] ?? null;
    },

    async insert(
      tx: Queryable,
      userId: number,
      fields: TrustedSourceFields,
      at: Date,
    ): Promise<TrustedSource> {
      const { rows } = await tx.query<TrustedSource>(
        `INSERT INTO trusted_sources (user_id, source_name, source_domain, source_description, created_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz)
         RETURNING ${COLUMNS}`,
        [userId, fields.name, fields.domain, fields.description, at.toISOString()],
      );
      return rows[0]!;
    },

    async update(tx: Queryable, userId: number, id: number, fields: TrustedSourceFields) {
      const { rows } = await tx.query<TrustedSource>(
        `UPDATE trusted_sources SET source_name = $3, source_domain = $4, source_description = $5
         WHERE user_id = $1 AND id = $2
         RETURNING ${COLUMNS}`,
        [userId, id, fields.name, fields.domain, fields.description],
      );
      return rows[0] ?? null;
    },

    async setActive(tx: Queryable, userId: number, id: number, active: boolean) {
      const { rows } = await tx.query<TrustedSource>(
        `UPDATE trusted_sources SET is_active = $3 WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [userId, id, active],
      );
      return rows[0] ?? null;
    },

    /** Removes one of the user's own sources; defaults are never removed. */
    async deleteOwn(tx: Queryable, userId: number, id: number): Promise<boolean> {
      const { rowCount } = await tx.query(
        `DELETE FROM trusted_sources WHERE user_id = $1 AND id = $2 AND NOT is_default`,
        [userId, id],
      );
      return rowCount > 0;
    },
  };
}

export type TrustedSourceRepository = ReturnType<typeof createTrustedSourceRepository>;
