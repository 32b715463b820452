import type { Migration } from './Migration.js';

/**
 * Token rotations. A refresh no longer revokes the presented token outright: it records which token replaced it,
 * so that the same refresh sent again (a reload, another tab, an answer lost on the way) gets the same new token
 * instead of a 401, until the new token has been used or a short grace has passed. The new token is not stored:
 * its id and times are, and signing them again gives the same token.
 */
export const m014TokenRotations: Migration = {
  version: 14,
  name: 'token_rotations',
  sql: `
CREATE TABLE token_rotations (
  old_jti text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_jti text NOT NULL UNIQUE,
  -- Whole seconds, as in the token: the new token is signed again from these.
  new_issued_at timestamptz NOT NULL,
  new_expires_at timestamptz NOT NULL,
  grace_ends_at timestamptz NOT NULL,
  new_used_at timestamptz,
  -- The old token's expiry: after it, the row is useless.
  expires_at timestamptz NOT NULL
);
CREATE INDEX token_rotations_expiry ON token_rotations (expires_at);
`,
};
