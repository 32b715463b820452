import type { Migration } from './Migration.js';

/**
 * What managing users from the browser needs of the schema:
 * - email addresses unique regardless of case, like usernames. A database that already holds two accounts with one
 *   address stops here with a message naming it, rather than losing either;
 * - deleting a user keeps what they did: the patients they created or last changed and the users they added keep
 *   their rows (the reference becomes null), and the audit log keeps the user's id in every row, with no foreign
 *   key, so that the history still says who acted after the account is gone (the deletion's own row names them).
 */
export const m006UserAdministration: Migration = {
  version: 6,
  name: 'user_administration',
  sql: `
DO $$
DECLARE
  shared_email text;
BEGIN
  SELECT lower(email) INTO shared_email FROM users WHERE email IS NOT NULL
   GROUP BY lower(email) HAVING count(*) > 1 LIMIT 1;
  IF shared_email IS NOT NULL THEN
    RAISE EXCEPTION 'Several users have the email address %; give each its own address before upgrading', shared_email;
  END IF;
END
$$;
CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE email IS NOT NULL;

ALTER TABLE patients DROP CONSTRAINT patients_created_by_fkey;
ALTER TABLE patients ADD CONSTRAINT patients_created_by_fkey
  FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE patients DROP CONSTRAINT patients_updated_by_fkey;
ALTER TABLE patients ADD CONSTRAINT patients_updated_by_fkey
  FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users DROP CONSTRAINT users_created_by_fkey;
ALTER TABLE users ADD CONSTRAINT users_created_by_fkey
  FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_user_id_fkey;
`,
};
