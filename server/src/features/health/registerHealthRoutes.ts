import { healthCalls } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import type { ApiInstance } from '../../http/ApiInstance.js';

export function registerHealthRoutes(app: ApiInstance, db: Queryable): void {
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
}
