import type { User } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import type { Clock } from '../../context/Clock.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

/** What the server needs to know about the caller to enforce the rules. */
export interface AuthenticatedUser {
  id: number;
  name: string;
  username: string;
  groupId: number | null;
  isAdministrator: boolean;
  isGroupAdmin: boolean;
  accessLevelLabel: string | null;
  active: boolean;
  /** Advanced when the user is deactivated: tokens of an earlier epoch are refused. */
  sessionEpoch: number;
  /** The user as every answer gives it (never the password hash or two-factor secret). */
  response: User;
}

interface UserRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
  contact_number: string | null;
  group_id: number | null;
  group_name: string | null;
  is_administrator: boolean;
  is_group_admin: boolean;
  access_level_id: number | null;
  access_level_label: string | null;
  totp_enabled: boolean;
  user_active: number;
  session_epoch: number;
  last_login: Date | string | null;
  date_added: Date | string | null;
  created_at: Date | string | null;
}

const USER_SELECT = `
  SELECT u.id, u.name, u.username, u.email, u.contact_number, u.group_id, g.name AS group_name,
         u.is_administrator, u.is_group_admin, u.access_level_id, al.label AS access_level_label,
         (u.totp_secret IS NOT NULL) AS totp_enabled, u.user_active, u.session_epoch, u.last_login,
         u.date_added, u.created_at
    FROM users u
    LEFT JOIN groups g ON g.id = u.group_id
    LEFT JOIN access_levels al ON al.id = u.access_level_id`;

function toAuthenticatedUser(row: UserRow): AuthenticatedUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    groupId: row.group_id,
    isAdministrator: row.is_administrator,
    isGroupAdmin: row.is_group_admin,
    accessLevelLabel: row.access_level_label,
    active: Number(row.user_active) === 1,
    sessionEpoch: Number(row.session_epoch),
    response: {
      ID_User: row.id,
      Name: row.name,
      Username: row.username,
      Email: row.email,
      ContactNumber: row.contact_number,
      Group: row.group_id,
      Group_Name: row.group_name,
      Administrator: row.is_administrator ? 'yes' : 'no',
      group_admin: row.is_group_admin ? 'yes' : 'no',
      access_level: row.access_level_id,
      txt_access_level: row.access_level_label,
      is_2fa_enabled: row.totp_enabled,
      user_active: Number(row.user_active),
      last_login: toIsoDateTime(row.last_login),
      date_added: toIsoDateTime(row.date_added),
      created_at: toIsoDateTime(row.created_at),
    },
  };
}

export async function findUserById(db: Queryable, id: number): Promise<AuthenticatedUser | null> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]);
  return rows[0] ? toAuthenticatedUser(rows[0]) : null;
}

export interface UserDirectory {
  /** The user behind an access token; served from a short cache because every request needs it. */
  getCached(id: number): Promise<AuthenticatedUser | null>;
  /** Always from the database (sign-in, refresh), and refreshes the cache. */
  getFresh(id: number): Promise<AuthenticatedUser | null>;
  /** Drops the cached profile here, and tells the listeners (the other instances, through live events). */
  invalidate(id: number): void;
  /** Drops the cached profile here only: another instance changed the user. */
  forget(id: number): void;
  onInvalidate(listener: (id: number) => void): void;
}

export function createUserDirectory(
  db: Queryable,
  options: { ttlSeconds: number; clock: Clock },
): UserDirectory {
  const cache = new Map<number, { user: AuthenticatedUser | null; expiresAt: number }>();
  const listeners: ((id: number) => void)[] = [];
  const getFresh = async (id: number) => {
    const user = await findUserById(db, id);
    if (options.ttlSeconds > 0) {
      cache.set(id, { user, expiresAt: options.clock().getTime() + options.ttlSeconds * 1000 });
    }
    return user;
  };
  return {
    async getCached(id) {
      const hit = cache.get(id);
      if (hit && hit.expiresAt > options.clock().getTime()) return hit.user;
      return getFresh(id);
    },
    getFresh,
    invalidate(id) {
      cache.delete(id);
      for (const listener of listeners) listener(id);
    },
    forget(id) {
      cache.delete(id);
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
  };
}
