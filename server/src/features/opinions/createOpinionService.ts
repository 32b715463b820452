import type { Multipart } from '@fastify/multipart';
import {
  MAX_ID,
  type DocumentDeleteResponse,
  type DocumentUploadResponse,
  type DocumentValidationRequest,
  type DocumentValidationResult,
  type DownloadLinkResponse,
  type OpinionDocumentListResponse,
  type RebuildVectorsResponse,
} from '@ewrt/contract';
import { badRequest, forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { createDocumentPipeline, type DocumentPipelineDeps } from '../documents/createDocumentPipeline.js';
import { DOCUMENT_MESSAGES } from '../documents/documentMessages.js';
import type { DocumentOwner } from '../documents/DocumentOwner.js';
import { opinionDestinationOf } from '../documents/opinionDestinationOf.js';
import type { DocumentDestination } from '../documents/storeStagedDocument.js';
import { JOB_MESSAGES, PERSONAL_DOCUMENT_JOB_TYPES, type JobService } from '../jobs/createJobService.js';
import { findJob } from '../jobs/findJob.js';
import { hasUserFeature } from '../patients/patientPermissions.js';

export const OPINION_MESSAGES = {
  noAdvancedTools: 'Your access level does not include opinion documents',
  invalidUserId: 'Invalid user id',
  userIdFirst: 'Send the user_id field before the file',
  notYourAccount: 'Opinion documents can only be uploaded to your own account',
  noDocumentsToList: 'No opinion documents available to download',
  rebuildTitle: 'Rebuild of the opinion documents\u2019 search index',
} as const;

/** The name the generated list of opinion documents is saved under. */
export const OPINION_FILE_LIST_NAME = 'opinion_documents_list.txt';

function parseUserId(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest(OPINION_MESSAGES.invalidUserId);
  return id;
}

/**
 * The opinion document calls of OPN-02, OPN-04 (all but the conversation calls): the patient documents' pipeline over
 * the signed-in user's own collection. Strictly personal: every call works on the caller's documents and jobs only,
 * so another user's key or job (an administrator's request included) answers 404 like a made-up one. Every call
 * needs the 'advanced-tools' feature of the user's level.
 */
export function createOpinionService(deps: DocumentPipelineDeps & { jobStatus: JobService['status'] }) {
  const pipeline = createDocumentPipeline(deps);

  /** The caller's own collection, once their level is known to include opinion documents. */
  function ownCollection(user: AuthenticatedUser): DocumentOwner {
    if (!hasUserFeature(user, 'advanced-tools')) throw forbidden(OPINION_MESSAGES.noAdvancedTools);
    return { kind: 'opinions', userId: user.id };
  }

  return {
    validate(
      user: AuthenticatedUser,
      request: DocumentValidationRequest,
      audit: RequestAudit,
    ): DocumentValidationResult {
      ownCollection(user);
      return pipeline.validate(request, audit);
    },

    /**
     * multipart: `user_id` (the caller's own id), then `file`. The id is checked before a byte of the file is read;
     * the file then goes through the same checks and storage as a patient's upload. No redirect: the opinion screen
     * polls the job itself.
     */
    async upload(
      user: AuthenticatedUser,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ): Promise<DocumentUploadResponse> {
      ownCollection(user);
      let destination: DocumentDestination | null = null;
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'user_id') {
            if (parseUserId(part.value) !== user.id) throw forbidden(OPINION_MESSAGES.notYourAccount);
            destination = opinionDestinationOf(user);
          }
          continue;
        }
        if (!destination) throw badRequest(OPINION_MESSAGES.userIdFirst);
        const { jobId, filename } = await pipeline.storeUpload(destination, part, audit);
        return { job_id: jobId, message: DOCUMENT_MESSAGES.uploaded(filename) };
      }
      throw badRequest(destination ? DOCUMENT_MESSAGES.noFile : OPINION_MESSAGES.invalidUserId);
    },

    /** The status of one of the caller's opinion jobs, as the job status call gives it; any other job is 404. */
    async jobStatus(user: AuthenticatedUser, jobId: number, audit: RequestAudit) {
      ownCollection(user);
      audit.describe({ details: { job_id: jobId } });
      const row = await findJob(deps.db, jobId);
      const isOwnOpinionJob =
        row !== null &&
        row.user_id === user.id &&
        row.patient_id === null &&
        PERSONAL_DOCUMENT_JOB_TYPES.includes(row.job_type);
      if (!isOwnOpinionJob) throw notFound(JOB_MESSAGES.jobNotFound);
      return deps.jobStatus(user, jobId, audit);
    },

    async list(user: AuthenticatedUser, audit: RequestAudit): Promise<OpinionDocumentListResponse> {
      return pipeline.list(ownCollection(user), audit);
    },

    async downloadLink(
      user: AuthenticatedUser,
      storageKey: string,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      return pipeline.downloadLink(user, ownCollection(user), storageKey, origin, audit);
    },

    async delete(
      user: AuthenticatedUser,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<DocumentDeleteResponse> {
      return pipeline.delete(ownCollection(user), storageKey, audit);
    },

    async rebuildVectors(user: AuthenticatedUser, audit: RequestAudit): Promise<RebuildVectorsResponse> {
      const owner = ownCollection(user);
      const { groupId } = opinionDestinationOf(user);
      return pipeline.rebuildVectors(user, owner, groupId, OPINION_MESSAGES.rebuildTitle, audit);
    },

    async generateFileList(
      user: AuthenticatedUser,
      fileList: readonly string[],
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const owner = ownCollection(user);
      if (fileList.length === 0) throw badRequest(OPINION_MESSAGES.noDocumentsToList);
      return pipeline.generateFileList(
        user,
        owner,
        { filename: OPINION_FILE_LIST_NAME, heading: `Opinion documents of ${user.name}` },
        fileList,
        origin,
        audit,
      );
    },
  };
}

export type OpinionService = ReturnType<typeof createOpinionService>;
