import type { Migration } from './Migration.js';

/**
 * Sign-in attempts reserved before a password or code is checked (replacing the failures counted after it),
 * revoked access tokens, and a per-user session epoch that deactivating the user advances.
 */
export const m002AuthHardening: Migration = {
  version: 2,
  name: 'auth_hardening',
  sql: `
DROP TABLE login_failures;

-- One row per account (address ''), per address (account_key ''), and per account and address together: the
-- latter carries the progressive delay and whether the account has signed in from that address.
CREATE TABLE login_attempts (
  account_key text NOT NULL,
  address text NOT NULL,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  next_attempt_at timestamptz,
  last_success_at timestamptz,
  PRIMARY KEY (account_key, address)
);
CREATE INDEX login_attempts_window ON login_attempts (window_started_at);

-- Access tokens ended before their expiry (sign-out, rotation); a row is useless once the token has expired.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  revoked_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);

-- Tokens carry the epoch they were issued in; deactivating a user, by whatever path, ends every session they had.
ALTER TABLE users ADD COLUMN session_epoch integer NOT NULL DEFAULT 0;
CREATE FUNCTION end_sessions_of_deactivated_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.session_epoch := OLD.session_epoch + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_end_sessions_on_deactivation
  BEFORE UPDATE OF user_active ON users
  FOR EACH ROW WHEN (OLD.user_active = 1 AND NEW.user_active = 0)
  EXECUTE FUNCTION end_sessions_of_deactivated_user();
`,
};
