import { opinionCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { originOf } from '../documents/originOf.js';
import { registerUploadRoute } from '../documents/registerUploadRoute.js';
import type { OpinionService } from './createOpinionService.js';

/**
 * The opinion document calls (the conversation, query and page calls are the conversations feature's): each route
 * is its contract declaration, its audit declaration and one service call.
 */
export async function registerOpinionRoutes(
  app: ApiInstance,
  deps: { opinions: OpinionService; maxUploadBytes: number },
): Promise<void> {
  const { opinions, maxUploadBytes } = deps;

  app.route({
    ...opinionCalls.validateOpinionDocument,
    config: { audit: { action: 'opinion.validate', resource: 'documents' } },
    handler: (request) => opinions.validate(currentUser(request), request.body, auditOf(request)),
  });

  await registerUploadRoute(app, {
    call: opinionCalls.uploadOpinionDocument,
    audit: { action: 'opinion.upload', resource: 'documents' },
    maxUploadBytes,
    notMultipartMessage: 'Send the file as multipart/form-data with user_id, then file',
    upload: (user, parts, audit) => opinions.upload(user, parts, audit),
  });

  app.route({
    ...opinionCalls.getOpinionJobStatus,
    config: { audit: { action: 'opinion.job_read', resource: 'job' } },
    handler: (request) => opinions.jobStatus(currentUser(request), request.params.jobId, auditOf(request)),
  });

  app.route({
    ...opinionCalls.listOpinionDocuments,
    config: { audit: { action: 'opinion.list', resource: 'documents' } },
    handler: (request) => opinions.list(currentUser(request), auditOf(request)),
  });

  app.route({
    ...opinionCalls.getOpinionDocumentDownload,
    config: { audit: { action: 'opinion.download_link', resource: 'document' } },
    handler: (request) =>
      opinions.downloadLink(currentUser(request), request.params.s3_key, originOf(request), auditOf(request)),
  });

  app.route({
    ...opinionCalls.deleteOpinionDocument,
    config: { audit: { action: 'opinion.delete', resource: 'document' } },
    handler: (request) => opinions.delete(currentUser(request), request.body.s3_key, auditOf(request)),
  });

  app.route({
    ...opinionCalls.rebuildOpinionVectors,
    config: { audit: { action: 'opinion.rebuild_index', resource: 'documents' } },
    handler: async (request, reply) => {
      const answer = await opinions.rebuildVectors(currentUser(request), auditOf(request));
      return reply.status(202).send(answer);
    },
  });

  app.route({
    ...opinionCalls.generateOpinionFileList,
    config: { audit: { action: 'opinion.file_list', resource: 'documents' } },
    handler: (request) =>
      opinions.generateFileList(
        currentUser(request),
        request.body.file_list,
        originOf(request),
        auditOf(request),
      ),
  });
}
