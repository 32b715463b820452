import multipart from '@fastify/multipart';
import { documentCalls } from '@ewrt/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { HttpError } from '../../http/HttpError.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { DocumentService } from './createDocumentService.js';
import { tooLargeMessage } from './validateDocumentFile.js';

/** Room for the multipart envelope around the file (boundaries, part headers, the patient_id field). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The API's own origin as the caller reached it, for absolute download links. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The document calls: each route is its contract declaration, its audit declaration and one service call. */
export async function registerDocumentRoutes(
  app: ApiInstance,
  deps: { documents: DocumentService; maxUploadBytes: number },
): Promise<void> {
  const { documents, maxUploadBytes } = deps;

  app.route({
    ...documentCalls.validateDocument,
    config: { audit: { action: 'document.validate', resource: 'documents' } },
    handler: (request) => documents.validate(currentUser(request), request.body, auditOf(request)),
  });

  // Multipart is parsed for the upload route only; every other route keeps taking JSON alone.
  await app.register(async (uploadScope) => {
    await uploadScope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    uploadScope.route({
      ...documentCalls.uploadDocument,
      config: { audit: { action: 'document.upload', resource: 'patient' } },
      // A declared size over the limit is refused before a byte of the body is read.
      onRequest: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
          reply.header('Connection', 'close');
          throw new HttpError(413, tooLargeMessage(maxUploadBytes));
        }
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(415, 'Send the file as multipart/form-data with patient_id, then file');
        }
        const answer = await documents.upload(currentUser(request), request.parts(), auditOf(request));
        return reply.status(202).send(answer);
      },
    });
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
