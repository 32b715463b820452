import multipart, { type Multipart } from '@fastify/multipart';
import type { documentCalls, DocumentUploadResponse, opinionCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { HttpError } from '../../http/HttpError.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import type { AuditDeclaration, RequestAudit } from '../audit/RequestAudit.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { tooLargeMessage } from './validateDocumentFile.js';

/** Room for the multipart envelope around the file (boundaries, part headers, the owner field). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** An upload call of the contract: multipart in, 202 with the processing job out (patient and opinion uploads). */
type UploadCall = typeof documentCalls.uploadDocument | typeof opinionCalls.uploadOpinionDocument;

/**
 * A document upload route. Multipart is parsed in this route's own scope only, so every other route keeps taking
 * JSON alone; a declared size over the limit is refused before a byte of the body is read. `upload` reads the
 * parts (the owner field first, then the file) and answers 202.
 */
export async function registerUploadRoute(
  app: ApiInstance,
  options: {
    call: UploadCall;
    audit: AuditDeclaration;
    maxUploadBytes: number;
    /** The 415 answer to a request that is not multipart, naming the fields expected. */
    notMultipartMessage: string;
    upload: (
      user: AuthenticatedUser,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ) => Promise<DocumentUploadResponse>;
  },
): Promise<void> {
  const { maxUploadBytes } = options;
  await app.register(async (uploadScope) => {
    await uploadScope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    uploadScope.route({
      ...options.call,
      config: { audit: options.audit, uploadMaxBytes: maxUploadBytes },
      onRequest: async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
          reply.header('Connection', 'close');
          throw new HttpError(413, tooLargeMessage(maxUploadBytes));
        }
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, options.notMultipartMessage);
        const answer = await options.upload(currentUser(request), request.parts(), auditOf(request));
        return reply.status(202).send(answer);
      },
    });
  });
}
