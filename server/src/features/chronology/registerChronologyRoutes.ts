import { chronologyCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { ChronologyService } from './createChronologyService.js';

/** The chronology calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerChronologyRoutes(app: ApiInstance, chronology: ChronologyService): void {
  app.route({
    ...chronologyCalls.getChronology,
    config: { audit: { action: 'chronology.read', resource: 'patient' } },
    handler: (request) =>
      chronology.get(currentUser(request), request.params.id, request.query, auditOf(request)),
  });

  app.route({
    ...chronologyCalls.buildChronology,
    config: { audit: { action: 'chronology.build', resource: 'patient' } },
    handler: async (request, reply) => {
      const answer = await chronology.build(currentUser(request), request.params.id, auditOf(request));
      return reply.status(202).send(answer);
    },
  });

  app.route({
    ...chronologyCalls.exportChronology,
    config: { audit: { action: 'chronology.export', resource: 'patient' } },
    handler: async (request, reply) => {
      const exported = await chronology.export(
        currentUser(request),
        request.params.id,
        request.query,
        auditOf(request),
      );
      return sendWordDocument(reply, exported);
    },
  });
}
