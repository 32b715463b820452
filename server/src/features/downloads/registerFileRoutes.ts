import { fileCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { HttpError, notFound } from '../../http/HttpError.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { attachmentDisposition } from '../../platform/files/attachmentDisposition.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import { StoredFileMissingError, type FileStore } from '../../platform/files/FileStore.js';

export const FILE_MESSAGES = {
  invalidLink: 'This download link is not valid. Request a new one from the documents page.',
  expiredLink: 'This download link has expired. Request a new one from the documents page.',
  fileGone: 'This file is no longer stored. It may have been deleted.',
} as const;

/** What the feature that owns a stored file says about it: its name, its type and whose it is. */
export interface DownloadableFile {
  filename: string;
  contentType: string;
  patientId: number | null;
  documentId: number | null;
}

/** Finds the file behind a storage key among the rows of the features that store files; null when none has it. */
export type DownloadableFileLookup = (storageKey: string) => Promise<DownloadableFile | null>;

/**
 * The signed download address. It carries no bearer token (the browser navigates to it), so it is registered
 * outside the authenticated scope: the signature and the expiry decide, and the audit row names the user the link
 * was made for. With a store that serves files itself (S3), a link that passes answers a redirect to a
 * presigned GET of the object instead of streaming it through the API; the store may not check its own signatures
 * (s3rver does not), which is why this check comes first and alone decides.
 */
export function registerFileRoutes(
  app: ApiInstance,
  deps: { files: FileStore; links: DownloadLinks; lookup: DownloadableFileLookup },
): void {
  app.route({
    ...fileCalls.downloadSignedFile,
    config: { audit: { action: 'document.download', resource: 'document' } },
    handler: async (request, reply) => {
      const audit = auditOf(request);
      const checked = deps.links.check(request.params.token);
      if (!checked.ok) {
        throw checked.reason === 'expired'
          ? new HttpError(410, FILE_MESSAGES.expiredLink)
          : new HttpError(403, FILE_MESSAGES.invalidLink);
      }
      const { grant } = checked;
      const disposition = request.query.disposition ?? 'attachment';
      audit.describe({ userId: grant.userId });
      const file = await deps.lookup(grant.storageKey);
      if (!file) throw notFound(FILE_MESSAGES.fileGone);
      audit.describe({
        patientId: file.patientId,
        details: { document_id: file.documentId, filename: file.filename },
      });
      if (deps.files.presignDownload) {
        // The store serves the bytes itself: the link above was the check, the client goes there next.
        if ((await deps.files.size(grant.storageKey)) === null) throw notFound(FILE_MESSAGES.fileGone);
        const location = await deps.files.presignDownload(grant.storageKey, { ...file, disposition });
        return reply.header('Cache-Control', 'no-store').redirect(location, 302);
      }
      let content;
      try {
        content = await deps.files.open(grant.storageKey);
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw notFound(FILE_MESSAGES.fileGone);
        throw error;
      }
      const size = await deps.files.size(grant.storageKey);
      if (size !== null) reply.header('Content-Length', size);
      return (
        reply
          .type(file.contentType)
          .header('Content-Disposition', attachmentDisposition(file.filename, disposition))
          .header('X-Content-Type-Options', 'nosniff')
          // A page drawn for the page view is shown by the suite's pages, which may be another site than the API;
          // the signed link is what allows it.
          .header(
            'Cross-Origin-Resource-Policy',
            file.contentType === 'image/png' ? 'cross-origin' : 'same-site',
          )
          // The contract declares only the failures: a 200 is the file's bytes, streamed as they are read.
          .send(content as never)
      );
    },
  });
}
