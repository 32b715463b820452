import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/Database.js';

/** 'setup' carries a pending TOTP secret until its first code confirms it; 'verify' asks for a code of the stored secret. */
export type ChallengePurpose = 'setup' | 'verify';

export interface LoginChallenge {
  tokenHash: string;
  userId: number;
  pendingTotpSecret: string | null;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues an opaque, single-purpose token; only its hash is stored. */
export async function createLoginChallenge(
  db: Queryable,
  options: {
    userId: number;
    purpose: ChallengePurpose;
    pendingTotpSecret: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A new sign-in replaces the user's earlier unfinished ones.
  await db.query(
    `DELETE FROM login_challenges WHERE user_id = $1 AND (consumed_at IS NOT NULL OR expires_at <= $2 OR purpose = $3)`,
    [options.userId, options.now, options.purpose],
  );
  await db.query(
    `INSERT INTO login_challenges (token_hash, user_id, purpose, pending_totp_secret, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), options.userId, options.purpose, options.pendingTotpSecret, options.expiresAt],
  );
  return token;
}

/** The open challenge of that purpose behind a token, or null when unknown, of another purpose, used or expired. */
export async function findLoginChallenge(
  db: Queryable,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<LoginChallenge | null> {
  const { rows } = await db.query<{
    token_hash: string;
    user_id: number;
    pending_totp_secret: string | null;
  }>(
    `SELECT token_hash, user_id, pending_totp_secret FROM login_challenges
      WHERE token_hash = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > $3`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  return row
    ? { tokenHash: row.token_hash, userId: row.user_id, pendingTotpSecret: row.pending_totp_secret }
    : null;
}

/** Marks the challenge used; false when a concurrent request used it first. */
export async function consumeLoginChallenge(db: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db.query(
    `UPDATE login_challenges SET consumed_at = $2 WHERE token_hash = $1 AND consumed_at IS NULL RETURNING token_hash`,
    [tokenHash, now],
  );
  return result.rows.length === 1;
}
