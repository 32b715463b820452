import { structuredTemplateCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { StructuredTemplateService } from './createStructuredTemplateService.js';

/** The structured template calls: each route is its contract declaration, its audit declaration and one service call. */
export function registerStructuredTemplateRoutes(
  app: ApiInstance,
  templates: StructuredTemplateService,
): void {
  app.route({
    ...structuredTemplateCalls.listStructuredTemplates,
    config: { audit: { action: 'structured_template.list', resource: 'structured_templates' } },
    handler: (request) => templates.list(currentUser(request)),
  });

  app.route({
    ...structuredTemplateCalls.getStructuredTemplate,
    config: { audit: { action: 'structured_template.read', resource: 'structured_template' } },
    handler: (request) => templates.get(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...structuredTemplateCalls.previewStructuredTemplate,
    config: { audit: { action: 'structured_template.preview', resource: 'structured_template' } },
    handler: (request) => templates.preview(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...structuredTemplateCalls.createStructuredTemplate,
    config: { audit: { action: 'structured_template.create', resource: 'structured_template' } },
    handler: async (request, reply) => {
      const saved = await templates.create(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(saved);
    },
  });

  app.route({
    ...structuredTemplateCalls.updateStructuredTemplate,
    config: { audit: { action: 'structured_template.update', resource: 'structured_template' } },
    handler: (request) =>
      templates.update(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...structuredTemplateCalls.deleteStructuredTemplate,
    config: { audit: { action: 'structured_template.delete', resource: 'structured_template' } },
    handler: (request) => templates.delete(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...structuredTemplateCalls.invalidateStructuredTemplateCache,
    config: { audit: { action: 'structured_template.cache_invalidate', resource: 'structured_templates' } },
    handler: (request) => templates.invalidateCache(currentUser(request)),
  });
}
