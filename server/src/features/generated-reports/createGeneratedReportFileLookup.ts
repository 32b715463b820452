import type { Queryable } from '../../db/Database.js';
import type { DownloadableFileLookup } from '../downloads/registerFileRoutes.js';
import { createDraftReportRepository } from './draftReportRepository.js';

const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Patients' generated (draft) reports, for signed downloads. */
export function createGeneratedReportFileLookup(db: Queryable): DownloadableFileLookup {
  const reports = createDraftReportRepository(db);
  return async (storageKey) => {
    const report = await reports.findByKey(storageKey);
    return report === null
      ? null
      : {
          filename: report.filename,
          contentType: DOCX_CONTENT_TYPE,
          patientId: report.patientId,
          documentId: null,
        };
  };
}
