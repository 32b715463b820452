import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/Database.js';
import { RequestAudit, type AuditDeclaration } from './RequestAudit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares that every call of this route is written to the audit log, and as what. */
    audit?: AuditDeclaration;
  }
  interface FastifyRequest {
    /** The audit row of this request; set on routes that declare `config.audit`. */
    audit: RequestAudit | null;
  }
}

/** The request's audit row; a route without `config.audit` has none, which is a programming error. */
export function auditOf(request: FastifyRequest): RequestAudit {
  if (!request.audit) throw new Error(`${request.method} ${request.url} declares no audit`);
  return request.audit;
}

/**
 * The one place audit rows are written: every call of a route that declares `config.audit`, succeeded or
 * refused (401, 403, 404, 400 ...), with who, what, when, from where and the outcome. The row is written before
 * the answer is sent, so a client never sees an answer whose row is missing; if writing fails, the answer is a
 * 500 instead.
 */
export function registerAuditTrail(app: FastifyInstance, db: Queryable): void {
  app.decorateRequest('audit', null);
  app.addHook('onRequest', async (request) => {
    const declaration = request.routeOptions.config.audit;
    if (declaration) request.audit = new RequestAudit(request, declaration);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await request.audit?.recordAnswer(db, reply.statusCode);
    return payload;
  });
}
