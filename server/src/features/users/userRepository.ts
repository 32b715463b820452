import type { Group, ManagedUser } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

type YesNo = 'yes' | 'no';

/** A user's editable fields, named as the API names them (so that audit rows read like the forms). */
export interface UserFields {
  Name: string;
  Email: string | null;
  ContactNumber: string | null;
  Username: string;
  Group: number | null;
  user_active: 0 | 1;
  Administrator: YesNo;
  group_admin: YesNo;
  access_level: number | null;
}

export interface StoredUser {
  id: number;
  fields: UserFields;
  twoFactorEnabled: boolean;
}

interface UserRow {
  id: number;
  name: string;
  email: string | null;
  contact_number: string | null;
  username: string;
  group_id: number | null;
  group_name: string | null;
  user_active: number;
  is_administrator: boolean;
  is_group_admin: boolean;
  access_level_id: number | null;
  access_level_label: string | null;
  totp_enabled: boolean;
  date_added: Date | string | null;
  created_at: Date | string | null;
  last_login: Date | string | null;
}

const USER_SELECT = `
  SELECT u.id, u.name, u.email, u.contact_number, u.username, u.group_id, g.name AS group_name, u.user_active,
         u.is_administrator, u.is_group_admin, u.access_level_id, al.label AS access_level_label,
         (u.totp_secret IS NOT NULL) AS totp_enabled, u.date_added, u.created_at, u.last_login
    FROM users u
    LEFT JOIN groups g ON g.id = u.group_id
    LEFT JOIN access_levels al ON al.id = u.access_level_id`;

const yesNo = (flag: boolean): YesNo => (flag ? 'yes' : 'no');
const activeFlag = (value: number): 0 | 1 => (Number(value) === 1 ? 1 : 0);

function fieldsOf(row: UserRow): UserFields {
  return {
    Name: row.name,
    Email: row.email,
    ContactNumber: row.contact_number,
    Username: row.username,
    Group: row.group_id,
    user_active: activeFlag(row.user_active),
    Administrator: yesNo(row.is_administrator),
    group_admin: yesNo(row.is_group_admin),
    access_level: row.access_level_id,
  };
}

function toManagedUser(row: UserRow): ManagedUser {
  return {
    ID_User: row.id,
    ...fieldsOf(row),
    Group_Name: row.group_name,
    txt_access_level: row.access_level_label,
    date_added: toIsoDateTime(row.date_added),
    is_2fa_enabled: row.totp_enabled,
    created_at: toIsoDateTime(row.created_at),
    last_login: toIsoDateTime(row.last_login),
  };
}

// Every writer of user administration takes this lock first, so that the last-administrator check of one change
// sees every change committed before it, and two writers never wait on each other's rows.
const USER_ADMINISTRATION_LOCK_KEY = 727_006;

/** The rows behind user and group administration; `db` may be a transaction. */
export function createUserRepository(db: Queryable) {
  return {
    /** Every user (`groupId` undefined) or the users of one group, by name. */
    async list(groupId?: number | null): Promise<ManagedUser[]> {
      const { rows } =
        groupId === undefined
          ? await db.query<UserRow>(`${USER_SELECT} ORDER BY lower(u.name), u.id`)
          : await db.query<UserRow>(`${USER_SELECT} WHERE u.group_id = $1 ORDER BY lower(u.name), u.id`, [
              groupId,
            ]);
      return rows.map(toManagedUser);
    },

    async findManaged(id: number): Promise<ManagedUser | null> {
      const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]);
      return rows[0] ? toManagedUser(rows[0]) : null;
    },

    /** The user's fields; `forUpdate` locks the row until the transaction ends. */
    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<StoredUser | null> {
      const { rows } = await db.query<UserRow>(
        `${USER_SELECT} WHERE u.id = $1${options.forUpdate ? ' FOR UPDATE OF u' : ''}`,
        [id],
      );
      const row = rows[0];
      return row ? { id: row.id, fields: fieldsOf(row), twoFactorEnabled: row.totp_enabled } : null;
    },

    async lockUserAdministration(): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock($1)`, [USER_ADMINISTRATION_LOCK_KEY]);
    },

    async countActiveAdministrators(): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users WHERE is_administrator AND user_active = 1`,
      );
      return rows[0]?.count ?? 0;
    },

    async usernameTaken(username: string, exceptUserId: number | null): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM users WHERE lower(username) = lower($1) AND ($2::int IS NULL OR id <> $2::int)`,
        [username, exceptUserId],
      );
      return rows.length > 0;
    },

    async emailTaken(email: string, exceptUserId: number | null): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::int IS NULL OR id <> $2::int)`,
        [email, exceptUserId],
      );
      return rows.length > 0;
    },

    async groupExists(id: number): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM groups WHERE id = $1`, [id])).rows.length > 0;
    },

    async accessLevelExists(id: number): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM access_levels WHERE id = $1`, [id])).rows.length > 0;
    },

    async insert(fields: UserFields, passwordHash: string, createdBy: number, at: Date): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO users (name, email, contact_number, username, password_hash, group_id, user_active,
                            is_administrator, is_group_admin, access_level_id, date_added, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING id`,
        [
          fields.Name,
          fields.Email,
          fields.ContactNumber,
          fields.Username,
          passwordHash,
          fields.Group,
          fields.user_active,
          fields.Administrator === 'yes',
          fields.group_admin === 'yes',
          fields.access_level,
          at,
          createdBy,
        ],
      );
      return rows[0]!.id;
    },

    /**
     * Writes the fields, and the password when a new hash is given. `endSessions` ends every session the user has
     * (deactivation does that by itself, through the trigger of m002).
     */
    async update(
      id: number,
      fields: UserFields,
      options: { passwordHash: string | null; endSessions: boolean },
    ): Promise<void> {
      await db.query(
        `UPDATE users SET name = $2, email = $3, contact_number = $4, username = $5, group_id = $6, user_active = $7,
                          is_administrator = $8, is_group_admin = $9, access_level_id = $10,
                          password_hash = COALESCE($11, password_hash),
                          session_epoch = session_epoch + CASE WHEN $12::boolean THEN 1 ELSE 0 END
          WHERE id = $1`,
        [
          id,
          fields.Name,
          fields.Email,
          fields.ContactNumber,
          fields.Username,
          fields.Group,
          fields.user_active,
          fields.Administrator === 'yes',
          fields.group_admin === 'yes',
          fields.access_level,
          options.passwordHash,
          options.endSessions,
        ],
      );
    },

    /** Forgets the two-factor secret and any sign-in in progress, and ends every session of the user. */
    async resetTwoFactor(id: number): Promise<void> {
      await db.query(`DELETE FROM login_challenges WHERE user_id = $1`, [id]);
      await db.query(
        `UPDATE users SET totp_secret = NULL, totp_last_step = NULL, session_epoch = session_epoch + 1 WHERE id = $1`,
        [id],
      );
    },

    async remove(id: number): Promise<void> {
      await db.query(`DELETE FROM users WHERE id = $1`, [id]);
    },

    async groupNameTaken(name: string): Promise<boolean> {
      return (await db.query(`SELECT 1 FROM groups WHERE lower(name) = lower($1)`, [name])).rows.length > 0;
    },

    async insertGroup(name: string, at: Date): Promise<Group> {
      const { rows } = await db.query<{ id: number; name: string }>(
        `INSERT INTO groups (name, created_at) VALUES ($1, $2) RETURNING id, name`,
        [name, at],
      );
      return { ID_Group: rows[0]!.id, Group_Name: rows[0]!.name, user_count: 0 };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
