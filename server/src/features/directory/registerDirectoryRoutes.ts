import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/AppContext.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import { currentUser } from '../auth/authenticateRequest.js';

/** Access levels, groups, user names and the user cache. */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/access-levels', async () => {
    const { rows } = await db.query<{ ID_Access_level: number; txt_access_level: string }>(
      `SELECT id AS "ID_Access_level", label AS "txt_access_level" FROM access_levels ORDER BY id`,
    );
    return { access_levels: rows };
  });

  // Administrators see every group; everybody else only their own.
  app.get('/api/groups', async (request) => {
    const user = currentUser(request);
    const { rows } = await db.query<{ ID_Group: number; Group_Name: string }>(
      `SELECT id AS "ID_Group", name AS "Group_Name" FROM groups WHERE $1::boolean OR id = $2::int ORDER BY name`,
      [user.isAdministrator, user.groupId],
    );
    return { groups: rows };
  });

  // Same group or an Administrator; anyone else is told the user does not exist.
  app.get('/api/user/:id/name', async (request) => {
    const user = currentUser(request);
    const raw = (request.params as { id: string }).id;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) <= 0) throw badRequest('Invalid user id');
    const { rows } = await db.query<{ ID_User: number; Name: string }>(
      `SELECT id AS "ID_User", name AS "Name" FROM users
        WHERE id = $1 AND ($2::boolean OR (group_id IS NOT NULL AND group_id = $3::int))`,
      [Number(raw), user.isAdministrator, user.groupId],
    );
    if (!rows[0]) throw notFound('User not found');
    return rows[0];
  });

  // Drops the server's cached copy of the caller, so changes to their account apply to the next request.
  app.post('/api/cache/invalidate-user', async (request) => {
    ctx.users.invalidate(currentUser(request).id);
    return { success: true };
  });
}
