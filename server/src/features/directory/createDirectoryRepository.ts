import type { AccessLevel, Group, UserNameResponse } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';

/** Access levels, groups and user names, as far as the caller may see them. */
export function createDirectoryRepository(db: Queryable) {
  return {
    async accessLevels(): Promise<AccessLevel[]> {
      const { rows } = await db.query<AccessLevel>(
        `SELECT id AS "ID_Access_level", label AS "txt_access_level" FROM access_levels ORDER BY id`,
      );
      return rows;
    },

    /** Administrators see every group; everybody else only their own. Each with how many users it has. */
    async groupsVisibleTo(user: AuthenticatedUser): Promise<Group[]> {
      const { rows } = await db.query<Group>(
        `SELECT g.id AS "ID_Group", g.name AS "Group_Name",
                (SELECT count(*) FROM users u WHERE u.group_id = g.id)::int AS user_count
           FROM groups g WHERE $1::boolean OR g.id = $2::int ORDER BY g.name`,
        [user.isAdministrator, user.groupId],
      );
      return rows;
    },

    /** A user of the caller's group, or any user for an Administrator; null for anyone else. */
    async userNameVisibleTo(user: AuthenticatedUser, userId: number): Promise<UserNameResponse | null> {
      const { rows } = await db.query<UserNameResponse>(
        `SELECT id AS "ID_User", name AS "Name" FROM users
          WHERE id = $1 AND ($2::boolean OR (group_id IS NOT NULL AND group_id = $3::int))`,
        [userId, user.isAdministrator, user.groupId],
      );
      return rows[0] ?? null;
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
