import { researchCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { abortSignalOfRequest } from '../conversations/abortSignalOfRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { ResearchService } from './createResearchService.js';

/** The research assistant calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerResearchRoutes(app: ApiInstance, research: ResearchService): void {
  app.route({
    ...researchCalls.listTrustedSources,
    config: { audit: { action: 'research.sources_list', resource: 'research' } },
    handler: (request) => research.listSources(currentUser(request), auditOf(request)),
  });

  app.route({
    ...researchCalls.getResearchStatus,
    config: { audit: { action: 'research.status', resource: 'research' } },
    handler: async (request) => research.status(currentUser(request)),
  });

  app.route({
    ...researchCalls.searchResearch,
    config: { audit: { action: 'research.search', resource: 'research' } },
    handler: (request, reply) =>
      research.search(currentUser(request), request.body, abortSignalOfRequest(reply), auditOf(request)),
  });

  app.route({
    ...researchCalls.exportResearch,
    config: { audit: { action: 'research.export', resource: 'research' } },
    handler: async (request, reply) =>
      sendWordDocument(
        reply,
        await research.exportReport(currentUser(request), request.body, auditOf(request)),
      ),
  });

  app.route({
    ...researchCalls.createTrustedSource,
    config: { audit: { action: 'research.source_create', resource: 'research' } },
    handler: async (request, reply) => {
      const saved = await research.create(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(saved);
    },
  });

  app.route({
    ...researchCalls.updateTrustedSource,
    config: { audit: { action: 'research.source_update', resource: 'research' } },
    handler: (request) =>
      research.update(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...researchCalls.toggleTrustedSource,
    config: { audit: { action: 'research.source_toggle', resource: 'research' } },
    handler: (request) =>
      research.toggle(currentUser(request), request.params.id, request.body.is_active, auditOf(request)),
  });

  app.route({
    ...researchCalls.deleteTrustedSource,
    config: { audit: { action: 'research.source_delete', resource: 'research' } },
    handler: (request) => research.remove(currentUser(request), request.params.id, auditOf(request)),
  });
}
