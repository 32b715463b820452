import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authoringDocumentCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { HttpError } from '../../http/HttpError.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { originOf } from '../documents/originOf.js';
import { AUTHORING_DOCUMENT_MESSAGES } from './authoringDocumentMessages.js';
import type { AuthoringDocumentService } from './createAuthoringDocumentService.js';

/** Room for the multipart envelope around the file (boundaries, part headers, the name and description fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Enough for the longest description the contract allows, in UTF-8. */
const FIELD_MAX_BYTES = 16 * 1024;

/**
 * The style document and report template calls: each route is its contract declaration, its audit declaration and
 * one service call. The two uploads parse multipart in their own scope only, so every other route keeps taking
 * JSON alone; a declared size over the limit is refused before a byte of the body is read.
 */
export async function registerAuthoringDocumentRoutes(
  app: ApiInstance,
  deps: { documents: AuthoringDocumentService; maxUploadBytes: number },
): Promise<void> {
  const { documents, maxUploadBytes } = deps;

  app.route({
    ...authoringDocumentCalls.getExampleDocument,
    config: { audit: { action: 'example_document.read', resource: 'user' } },
    handler: (request) =>
      documents.exampleDocumentInfo(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...authoringDocumentCalls.deleteExampleDocument,
    config: { audit: { action: 'example_document.delete', resource: 'user' } },
    handler: (request) =>
      documents.deleteExampleDocument(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...authoringDocumentCalls.getExampleDocumentDownload,
    config: { audit: { action: 'example_document.download_link', resource: 'user' } },
    handler: (request) =>
      documents.exampleDocumentDownload(
        currentUser(request),
        request.params.id,
        originOf(request),
        auditOf(request),
      ),
  });

  app.route({
    ...authoringDocumentCalls.listReportTemplates,
    config: { audit: { action: 'report_template.list', resource: 'user' } },
    handler: (request) => documents.listTemplates(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...authoringDocumentCalls.getReportTemplateDownload,
    config: { audit: { action: 'report_template.download_link', resource: 'user' } },
    handler: (request) =>
      documents.templateDownload(
        currentUser(request),
        request.params.id,
        request.params.templateId,
        originOf(request),
        auditOf(request),
      ),
  });

  app.route({
    ...authoringDocumentCalls.updateReportTemplate,
    config: { audit: { action: 'report_template.update', resource: 'user' } },
    handler: (request) =>
      documents.updateTemplate(
        currentUser(request),
        request.params.id,
        request.params.templateId,
        request.body,
        auditOf(request),
      ),
  });

  app.route({
    ...authoringDocumentCalls.deleteReportTemplate,
    config: { audit: { action: 'report_template.delete', resource: 'user' } },
    handler: (request) =>
      documents.deleteTemplate(
        currentUser(request),
        request.params.id,
        request.params.templateId,
        auditOf(request),
      ),
  });

  await app.register(async (plainScope) => {
    const uploadScope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
    await uploadScope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: FIELD_MAX_BYTES, parts: 5 },
    });
    uploadScope.addHook('onRequest', async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
        reply.header('Connection', 'close');
        throw new HttpError(413, AUTHORING_DOCUMENT_MESSAGES.tooLarge);
      }
    });
    uploadScope.addHook('preHandler', async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, AUTHORING_DOCUMENT_MESSAGES.notMultipart);
    });

    uploadScope.route({
      ...authoringDocumentCalls.uploadExampleDocument,
      config: {
        audit: { action: 'example_document.upload', resource: 'user' },
        uploadMaxBytes: maxUploadBytes,
      },
      handler: async (request, reply) => {
        const answer = await documents.uploadExampleDocument(
          currentUser(request),
          request.params.id,
          request.parts(),
          auditOf(request),
        );
        return reply.status(201).send(answer);
      },
    });

    uploadScope.route({
      ...authoringDocumentCalls.uploadReportTemplate,
      config: {
        audit: { action: 'report_template.upload', resource: 'user' },
        uploadMaxBytes: maxUploadBytes,
      },
      handler: async (request, reply) => {
        const answer = await documents.uploadTemplate(
          currentUser(request),
          request.params.id,
          request.parts(),
          auditOf(request),
        );
        return reply.status(201).send(answer);
      },
    });
  });
}
