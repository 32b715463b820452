import { chatCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { abortSignalOfRequest } from '../conversations/abortSignalOfRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { ChatService } from './createChatService.js';

/**
 * The secure chatbot calls: each route is its contract declaration, its audit declaration and one service call.
 * The audit rows are the user's own (no patient) and hold no message or context text.
 */
export function registerChatRoutes(app: ApiInstance, chat: ChatService): void {
  app.route({
    ...chatCalls.getChatStatus,
    config: { audit: { action: 'chat.status', resource: 'chat' } },
    handler: (request) => chat.status(currentUser(request)),
  });

  app.route({
    ...chatCalls.validateChatContext,
    config: { audit: { action: 'chat.validate_context', resource: 'chat' } },
    handler: (request) => chat.validateContext(currentUser(request), request.body.context, auditOf(request)),
  });

  app.route({
    ...chatCalls.sendChatMessage,
    config: { audit: { action: 'chat.send', resource: 'chat' } },
    handler: (request, reply) =>
      chat.send(currentUser(request), request.body, abortSignalOfRequest(reply), auditOf(request)),
  });

  app.route({
    ...chatCalls.exportChat,
    config: { audit: { action: 'chat.export', resource: 'chat' } },
    handler: async (request, reply) =>
      sendWordDocument(reply, await chat.export(currentUser(request), request.body, auditOf(request))),
  });
}
