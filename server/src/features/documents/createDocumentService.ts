import type { Multipart } from '@fastify/multipart';
import {
  MAX_ID,
  UPLOAD_REDIRECT_JOB_LIST,
  type DocumentDeleteResponse,
  type DocumentUploadResponse,
  type DocumentValidationRequest,
  type DownloadLinkResponse,
  type PatientDocumentListResponse,
  type ProcessingCapabilities,
  type RebuildVectorsResponse,
} from '@ewrt/contract';
import { badRequest, forbidden } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import { createDocumentPipeline, type DocumentPipelineDeps } from './createDocumentPipeline.js';
import { DOCUMENT_MESSAGES } from './documentMessages.js';
import type { DocumentOwner } from './DocumentOwner.js';

export { DOCUMENT_MESSAGES, formatEnGbDate } from './documentMessages.js';

/** The name the generated file list is saved under (DOC-08). */
export const fileListName = (patientId: number) => `patient_${patientId}_document_list.txt`;

export interface DocumentServiceDeps extends DocumentPipelineDeps {
  /** What this server can read (OCR, LibreOffice), fixed at start. */
  capabilities: ProcessingCapabilities;
}

function parsePatientId(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest(DOCUMENT_MESSAGES.invalidPatientId);
  return id;
}

/** Refuses, before anything is read, a user with no group or whose level lacks the documents feature. */
function checkDocumentsFeature(user: AuthenticatedUser): void {
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  if (!hasUserFeature(user, 'documents')) throw forbidden(DOCUMENT_MESSAGES.noDocumentsFeature);
}

const ownerOf = (patient: StoredPatient): DocumentOwner => ({
  kind: 'patient',
  patientId: patient.ID_Patient,
  groupId: patient.ID_Group,
});

/**
 * The patient document calls of DOC-01. Every call first finds the patient in the caller's group (another
 * group's patient answers 404), then checks that the user's level has the documents feature and that the patient is
 * one the user has full access to (Administrators: any patient of their group); the work itself is the document
 * pipeline's, shared with the opinion documents.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  const pipeline = createDocumentPipeline(deps);

  const patientForDocuments = (user: AuthenticatedUser, patientId: number, audit: RequestAudit) =>
    findPatientForTools(deps.db, user, patientId, audit);

  return {
    /** Whether scanned pages are read by OCR here (and if not, what installs it), and whether LibreOffice is. */
    capabilities(user: AuthenticatedUser): ProcessingCapabilities {
      checkDocumentsFeature(user);
      return deps.capabilities;
    },

    validate(user: AuthenticatedUser, request: DocumentValidationRequest, audit: RequestAudit) {
      checkDocumentsFeature(user);
      return pipeline.validate(request, audit);
    },

    /**
     * multipart: `patient_id`, then `file`. The patient is checked before a byte of the file is read; the file is
     * streamed to a staging file while it is hashed, checked (size, content type, duplicate), then moved into the
     * store with its row and its processing job in one transaction. On any refusal nothing is kept.
     */
    async upload(
      user: AuthenticatedUser,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ): Promise<DocumentUploadResponse> {
      checkDocumentsFeature(user);
      let patient: StoredPatient | null = null;
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'patient_id')
            patient = await patientForDocuments(user, parsePatientId(part.value), audit);
          continue;
        }
        if (!patient) throw badRequest(DOCUMENT_MESSAGES.patientIdFirst);
        const { jobId, filename } = await pipeline.storeUpload(
          { owner: ownerOf(patient), groupId: patient.ID_Group, uploadedBy: user.id },
          part,
          audit,
        );
        return {
          redirect_to: UPLOAD_REDIRECT_JOB_LIST,
          job_id: jobId,
          message: DOCUMENT_MESSAGES.uploaded(filename),
        };
      }
      throw badRequest(patient ? DOCUMENT_MESSAGES.noFile : DOCUMENT_MESSAGES.invalidPatientId);
    },

    async list(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<PatientDocumentListResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      return pipeline.list(ownerOf(patient), audit);
    },

    async downloadLink(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      return pipeline.downloadLink(user, ownerOf(patient), storageKey, origin, audit);
    },

    async delete(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<DocumentDeleteResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      return pipeline.delete(ownerOf(patient), storageKey, audit);
    },

    async rebuildVectors(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<RebuildVectorsResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      return pipeline.rebuildVectors(
        user,
        ownerOf(patient),
        patient.ID_Group,
        'Rebuild of the search index',
        audit,
      );
    },

    /** Writes the list as a text file in the store (replacing the patient's previous one) and links to it. */
    async generateFileList(
      user: AuthenticatedUser,
      patientId: number,
      fileList: readonly string[],
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      if (fileList.length === 0) throw badRequest(DOCUMENT_MESSAGES.noDocumentsToList);
      return pipeline.generateFileList(
        user,
        ownerOf(patient),
        {
          filename: fileListName(patient.ID_Patient),
          heading: `Documents of ${patient.FirstName} ${patient.Surname} (MRN ${patient.MRN}), patient ${patient.ID_Patient}`,
        },
        fileList,
        origin,
        audit,
      );
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
