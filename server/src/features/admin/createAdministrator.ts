import type { Database } from '../../db/Database.js';
import { hashPassword } from '../auth/passwords.js';

export interface NewAdministrator {
  username: string;
  name: string;
  email: string;
  password: string;
  /** The group the administrator works in for patients; created when it does not exist. */
  groupName: string;
}

export class CreateAdministratorError extends Error {
  override name = 'CreateAdministratorError';
}

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Checks the input before anything is opened, so a typo fails fast. */
export function validateNewAdministrator(input: NewAdministrator): void {
  if (!/^[A-Za-z0-9._@-]{3,100}$/.test(input.username)) {
    throw new CreateAdministratorError(
      '--username must be 3-100 characters: letters, digits, dot, dash, underscore or @',
    );
  }
  if (input.name.trim() === '') throw new CreateAdministratorError('--name is required');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
    throw new CreateAdministratorError('--email must be an email address');
  if (input.groupName.trim() === '') throw new CreateAdministratorError('--group must not be empty');
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new CreateAdministratorError(
      `The password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long`,
    );
  }
}

/** Creates the first Administrator (Full Access) of a production database; refuses when one already exists. */
export async function createAdministrator(
  db: Database,
  input: NewAdministrator,
): Promise<{ userId: number; groupId: number }> {
  validateNewAdministrator(input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await tx.query(`SELECT 1 FROM users WHERE is_administrator LIMIT 1`);
    if (existing.rows.length > 0) {
      throw new CreateAdministratorError(
        'An administrator already exists; add further users from the user management screen.',
      );
    }
    const taken = await tx.query(`SELECT 1 FROM users WHERE lower(username) = lower($1)`, [input.username]);
    if (taken.rows.length > 0)
      throw new CreateAdministratorError(`The username ${input.username} is already taken`);
    const group = await tx.query<{ id: number }>(
      `WITH inserted AS (
         INSERT INTO groups (name) VALUES ($1) ON CONFLICT ((lower(name))) DO NOTHING RETURNING id
       )
       SELECT id FROM inserted UNION ALL SELECT id FROM groups WHERE lower(name) = lower($1) LIMIT 1`,
      [input.groupName.trim()],
    );
    const groupId = group.rows[0]?.id;
    if (groupId === undefined) throw new Error('The group could not be created');
    const user = await tx.query<{ id: number }>(
      `INSERT INTO users (name, username, email, password_hash, group_id, access_level_id, is_administrator, user_active)
       VALUES ($1, $2, $3, $4, $5, (SELECT id FROM access_levels WHERE label = 'Full Access'), true, 1) RETURNING id`,
      [input.name.trim(), input.username, input.email, passwordHash, groupId],
    );
    return { userId: user.rows[0]!.id, groupId };
  });
}
