import type { Queryable } from '../../db/Database.js';
import type { DownloadableFileLookup } from '../downloads/registerFileRoutes.js';
import { createAuthoringDocumentRepository } from './authoringDocumentRepository.js';

const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Users' style documents and report templates, for signed downloads. */
export function createAuthoringFileLookup(db: Queryable): DownloadableFileLookup {
  const documents = createAuthoringDocumentRepository(db);
  return async (storageKey) => {
    const filename = await documents.filenameOfKey(storageKey);
    return filename === null
      ? null
      : { filename, contentType: DOCX_CONTENT_TYPE, patientId: null, documentId: null };
  };
}
