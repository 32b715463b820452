import { documentCalls, processingCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { DocumentService } from './createDocumentService.js';
import { originOf } from './originOf.js';
import { registerUploadRoute } from './registerUploadRoute.js';

/** The document calls: each route is its contract declaration, its audit declaration and one service call. */
export async function registerDocumentRoutes(
  app: ApiInstance,
  deps: { documents: DocumentService; maxUploadBytes: number },
): Promise<void> {
  const { documents, maxUploadBytes } = deps;

  app.route({
    ...processingCalls.getProcessingCapabilities,
    handler: (request) => documents.capabilities(currentUser(request)),
  });

  app.route({
    ...documentCalls.validateDocument,
    config: { audit: { action: 'document.validate', resource: 'documents' } },
    handler: (request) => documents.validate(currentUser(request), request.body, auditOf(request)),
  });

  await registerUploadRoute(app, {
    call: documentCalls.uploadDocument,
    audit: { action: 'document.upload', resource: 'patient' },
    maxUploadBytes,
    notMultipartMessage: 'Send the file as multipart/form-data with patient_id, then file',
    upload: (user, parts, audit) => documents.upload(user, parts, audit),
  });

  app.route({
    ...documentCalls.listPatientDocuments,
    config: { audit: { action: 'document.list', resource: 'patient' } },
    handler: (request) => documents.list(currentUser(request), request.params.patientId, auditOf(request)),
  });

  app.route({
    ...documentCalls.getDocumentDownload,
    config: { audit: { action: 'document.download_link', resource: 'patient' } },
    handler: (request) =>
      documents.downloadLink(
        currentUser(request),
        request.params.patientId,
        request.params.s3_key,
        originOf(request),
        auditOf(request),
      ),
  });

  app.route({
    ...documentCalls.deleteDocument,
    config: { audit: { action: 'document.delete', resource: 'patient' } },
    handler: (request) =>
      documents.delete(currentUser(request), request.params.patientId, request.body.s3_key, auditOf(request)),
  });

  app.route({
    ...documentCalls.rebuildPatientVectors,
    config: { audit: { action: 'document.rebuild_index', resource: 'patient' } },
    handler: async (request, reply) => {
      const answer = await documents.rebuildVectors(
        currentUser(request),
        request.params.patientId,
        auditOf(request),
      );
      return reply.status(202).send(answer);
    },
  });

  app.route({
    ...documentCalls.generateFileList,
    config: { audit: { action: 'document.file_list', resource: 'patient' } },
    handler: (request) =>
      documents.generateFileList(
        currentUser(request),
        request.params.patientId,
        request.body.file_list,
        originOf(request),
        auditOf(request),
      ),
  });
}
