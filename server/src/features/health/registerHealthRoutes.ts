import { healthCalls } from '@ewrt/contract';
import type { ServerRole } from '../../config/loadConfig.js';
import type { Queryable } from '../../db/Database.js';
import { migrations } from '../../db/migrations/migrations.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { Readiness } from './createReadiness.js';

/** The schema this build needs: a database behind it (migrated by nobody yet) is not ready. */
const LATEST_MIGRATION = Math.max(...migrations.map((migration) => migration.version));

/**
 * `/api/health` (the database answers), `/api/health/live` (the process answers) and `/api/health/ready` (the
 * database answers, is migrated for this build, and this instance is not draining): what a load balancer needs.
 */
export function registerHealthRoutes(
  app: ApiInstance,
  deps: { db: Queryable; role: ServerRole; readiness: Readiness },
): void {
  const { db, role, readiness } = deps;
  app.route({
    ...healthCalls.getHealth,
    handler: async (request, reply) => {
      try {
        await db.query('SELECT 1');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'The database is not reachable' });
      }
    },
  });

  app.route({
    ...healthCalls.getLiveness,
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...healthCalls.getReadiness,
    handler: async (request, reply) => {
      const unavailable = (message: string) =>
        reply.status(503).send({ status: 'unavailable' as const, message });
      if (readiness.draining) return unavailable('This instance is shutting down');
      let applied: number;
      try {
        const { rows } = await db.query<{ version: number | null }>(
          'SELECT max(version) AS version FROM schema_migrations',
        );
        applied = Number(rows[0]?.version ?? 0);
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        return unavailable('The database is not reachable');
      }
      if (applied < LATEST_MIGRATION) {
        return unavailable(
          `The database schema is at version ${applied}; this build needs ${LATEST_MIGRATION}`,
        );
      }
      return { status: 'ok' as const, role };
    },
  });
}
