import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Database.js';

const SETTING_KEY = 'token_secret';

/**
 * `TOKEN_SECRET` when configured; otherwise a random secret generated on the first start and kept in the
 * database, so tokens survive restarts and every server sharing the database accepts them.
 */
export async function resolveTokenSecret(db: Queryable, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
    SETTING_KEY,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_settings WHERE key = $1`, [
    SETTING_KEY,
  ]);
  const secret = rows[0]?.value;
  if (!secret) throw new Error('The token secret could not be stored');
  return secret;
}
