import { opinionCalls, recordQuestionCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { abortSignalOfRequest } from './abortSignalOfRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { ConversationService } from './createConversationService.js';

/**
 * The record question calls (a patient's records) and the conversation and page calls of the opinion documents.
 * Patient calls are audited against the patient; opinion calls against the user alone.
 */
export function registerConversationRoutes(app: ApiInstance, conversations: ConversationService): void {
  const patient = (id: number) => ({ kind: 'patient', patientId: id }) as const;
  const opinions = { kind: 'opinions' } as const;

  app.route({
    ...recordQuestionCalls.getConversation,
    config: { audit: { action: 'conversation.read', resource: 'patient' } },
    handler: (request) =>
      conversations.conversation(currentUser(request), patient(request.params.id), auditOf(request)),
  });

  app.route({
    ...recordQuestionCalls.query,
    config: { audit: { action: 'conversation.query', resource: 'patient' } },
    handler: (request, reply) =>
      conversations.query(
        currentUser(request),
        patient(request.params.id),
        request.body,
        abortSignalOfRequest(reply),
        auditOf(request),
      ),
  });

  app.route({
    ...recordQuestionCalls.clearConversation,
    config: { audit: { action: 'conversation.clear', resource: 'patient' } },
    handler: (request) =>
      conversations.clear(currentUser(request), patient(request.params.id), auditOf(request)),
  });

  app.route({
    ...recordQuestionCalls.exportConversation,
    config: { audit: { action: 'conversation.export', resource: 'patient' } },
    handler: async (request, reply) =>
      sendWordDocument(
        reply,
        await conversations.export(currentUser(request), patient(request.params.id), auditOf(request)),
      ),
  });

  app.route({
    ...recordQuestionCalls.saveConversationToVectors,
    config: { audit: { action: 'conversation.save', resource: 'patient' } },
    handler: (request) =>
      conversations.saveToVectors(
        currentUser(request),
        patient(request.params.id),
        request.body.include_queries,
        auditOf(request),
      ),
  });

  app.route({
    ...recordQuestionCalls.updateDateOfEvent,
    config: { audit: { action: 'patient.update', resource: 'patient' } },
    handler: (request) =>
      conversations.updateDateOfEvent(
        currentUser(request),
        request.params.id,
        request.body.DateofEvent,
        auditOf(request),
      ),
  });

  app.route({
    ...recordQuestionCalls.getDocumentPage,
    config: { audit: { action: 'document.page_view', resource: 'patient' } },
    handler: (request) =>
      conversations.page(
        currentUser(request),
        patient(request.params.patientId),
        request.params.s3_key,
        request.params.page,
        auditOf(request),
      ),
  });

  app.route({
    ...opinionCalls.getOpinionConversation,
    config: { audit: { action: 'conversation.read', resource: 'opinions' } },
    handler: (request) => conversations.conversation(currentUser(request), opinions, auditOf(request)),
  });

  app.route({
    ...opinionCalls.queryOpinions,
    config: { audit: { action: 'conversation.query', resource: 'opinions' } },
    handler: (request, reply) =>
      conversations.query(
        currentUser(request),
        opinions,
        request.body,
        abortSignalOfRequest(reply),
        auditOf(request),
      ),
  });

  app.route({
    ...opinionCalls.clearOpinionConversation,
    config: { audit: { action: 'conversation.clear', resource: 'opinions' } },
    handler: (request) => conversations.clear(currentUser(request), opinions, auditOf(request)),
  });

  app.route({
    ...opinionCalls.exportOpinionConversation,
    config: { audit: { action: 'conversation.export', resource: 'opinions' } },
    handler: async (request, reply) =>
      sendWordDocument(reply, await conversations.export(currentUser(request), opinions, auditOf(request))),
  });

  app.route({
    ...opinionCalls.saveOpinionConversationToVectors,
    config: { audit: { action: 'conversation.save', resource: 'opinions' } },
    handler: (request) =>
      conversations.saveToVectors(
        currentUser(request),
        opinions,
        request.body.include_queries,
        auditOf(request),
      ),
  });

  app.route({
    ...opinionCalls.getOpinionDocumentPage,
    config: { audit: { action: 'document.page_view', resource: 'opinions' } },
    handler: (request) =>
      conversations.page(
        currentUser(request),
        opinions,
        request.params.s3_key,
        request.params.page,
        auditOf(request),
      ),
  });
}
