import type { DownloadLinkResponse, GeneratedDocumentsResponse, MessageResponse } from '@ewrt/contract';
import type { Database } from '../../db/Database.js';
import { forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { AUTHORING_ACCESS_MESSAGES } from '../authoring/checkAuthoringAccess.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import { createDraftReportRepository } from './draftReportRepository.js';
import { GENERATED_REPORT_MESSAGES } from './generatedReportMessages.js';

export interface GeneratedReportServiceDeps {
  db: Database;
  files: FileStore;
  links: DownloadLinks;
}

const BYTES_PER_MEGABYTE = 1024 * 1024;

/**
 * A patient's generated (draft) reports: the list, a signed download link and deletion. The caller needs the
 * 'generative-ai' feature and the patient-scoped tools' rule for the patient (another group's patient is not
 * found); a document is reached only through the patient it belongs to (any other patient answers 404).
 */
export function createGeneratedReportService(deps: GeneratedReportServiceDeps) {
  const { db, files, links } = deps;

  async function patientFor(
    user: AuthenticatedUser,
    patientId: number,
    audit: RequestAudit,
  ): Promise<number> {
    audit.describe({ patientId });
    if (!hasUserFeature(user, 'generative-ai')) throw forbidden(AUTHORING_ACCESS_MESSAGES.noDraftReports);
    return (await findPatientForTools(db, user, patientId, audit)).ID_Patient;
  }

  return {
    async list(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<GeneratedDocumentsResponse> {
      const patient = await patientFor(user, patientId, audit);
      const documents = await createDraftReportRepository(db).listOfPatient(patient);
      const totalBytes = documents.reduce((sum, document) => sum + document.size_bytes, 0);
      audit.describe({ details: { total_documents: documents.length } });
      return {
        success: true,
        documents,
        total_documents: documents.length,
        total_size_mb: Math.round((totalBytes / BYTES_PER_MEGABYTE) * 100) / 100,
      };
    },

    async downloadLink(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientFor(user, patientId, audit);
      const document = await createDraftReportRepository(db).findOfPatient(patient, storageKey);
      if (!document) throw notFound(GENERATED_REPORT_MESSAGES.notFound);
      audit.describe({ details: { filename: document.filename, job_id: document.jobId } });
      const token = links.sign({ storageKey: document.storageKey, userId: user.id });
      return { download_url: `${origin}/api/files/${token}`, filename: document.filename };
    },

    /** The row and its audit entry commit together; the file goes once they have. */
    async delete(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<MessageResponse> {
      const patient = await patientFor(user, patientId, audit);
      const deleted = await db.transaction(async (tx) => {
        const document = await createDraftReportRepository(tx).deleteOfPatient(patient, storageKey);
        if (!document) throw notFound(GENERATED_REPORT_MESSAGES.notFound);
        audit.describe({ details: { filename: document.filename, job_id: document.jobId } });
        await audit.recordWithin(tx);
        return document;
      });
      await files.remove(deleted.storageKey);
      return { message: GENERATED_REPORT_MESSAGES.deleted };
    },
  };
}

export type GeneratedReportService = ReturnType<typeof createGeneratedReportService>;
