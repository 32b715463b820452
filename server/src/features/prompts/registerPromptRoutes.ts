import { promptCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { PromptService } from './createPromptService.js';

/** The prompt, report type and default set calls: each its contract declaration, audit and service call. */
export function registerPromptRoutes(app: ApiInstance, prompts: PromptService): void {
  app.route({
    ...promptCalls.listLookups,
    config: { audit: { action: 'prompt.list', resource: 'prompts' } },
    handler: (request) => prompts.listLookups(currentUser(request), auditOf(request)),
  });

  app.route({
    ...promptCalls.listLookupTypes,
    config: { audit: { action: 'prompt.type_list', resource: 'prompts' } },
    handler: (request) => prompts.listLookupTypes(currentUser(request), auditOf(request)),
  });

  app.route({
    ...promptCalls.createLookup,
    config: { audit: { action: 'prompt.create', resource: 'prompts' } },
    handler: async (request, reply) => {
      const answer = await prompts.createLookup(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(answer);
    },
  });

  app.route({
    ...promptCalls.updateLookup,
    config: { audit: { action: 'prompt.update', resource: 'prompts' } },
    handler: (request) =>
      prompts.updateLookup(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...promptCalls.deleteLookup,
    config: { audit: { action: 'prompt.delete', resource: 'prompts' } },
    handler: (request) => prompts.deleteLookup(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...promptCalls.createLookupType,
    config: { audit: { action: 'prompt.type_create', resource: 'prompts' } },
    handler: async (request, reply) => {
      const answer = await prompts.createLookupType(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(answer);
    },
  });

  app.route({
    ...promptCalls.defaultsAvailable,
    config: { audit: { action: 'prompt.defaults_read', resource: 'prompts' } },
    handler: (request) => prompts.defaultsAvailable(currentUser(request)),
  });

  app.route({
    ...promptCalls.listDefaultLookupTypes,
    config: { audit: { action: 'prompt.defaults_read', resource: 'prompts' } },
    handler: (request) => prompts.listDefaultLookupTypes(currentUser(request)),
  });

  app.route({
    ...promptCalls.listDefaultLookups,
    config: { audit: { action: 'prompt.defaults_read', resource: 'prompts' } },
    handler: (request) => prompts.listDefaultLookups(currentUser(request)),
  });

  app.route({
    ...promptCalls.importDefaults,
    config: { audit: { action: 'prompt.defaults_import', resource: 'prompts' } },
    handler: (request) => prompts.importDefaults(currentUser(request), request.body, auditOf(request)),
  });
}
