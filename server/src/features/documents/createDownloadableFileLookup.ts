import type { Queryable } from '../../db/Database.js';
import type { DownloadableFileLookup } from '../downloads/registerFileRoutes.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';

const CONTENT_TYPES: Record<DocumentFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  // A text file keeps the encoding it was uploaded in (UTF-8 or UTF-16 with its byte order mark).
  txt: 'text/plain',
};

/**
 * The documents feature's stored files, for signed downloads: uploaded documents, their pages drawn for the page view,
 * and generated file lists.
 */
export function createDownloadableFileLookup(db: Queryable): DownloadableFileLookup {
  return async (storageKey) => {
    const document = await db.query<{
      id: number;
      patient_id: number | null;
      filename: string;
      file_type: DocumentFileType;
    }>(`SELECT id, patient_id, filename, file_type FROM documents WHERE storage_key = $1`, [storageKey]);
    const row = document.rows[0];
    if (row) {
      return {
        filename: row.filename,
        contentType: CONTENT_TYPES[row.file_type],
        patientId: row.patient_id,
        documentId: row.id,
      };
    }
    const drawn = await db.query<{ id: number; patient_id: number | null; filename: string; page: number }>(
      `SELECT d.id, d.patient_id, d.filename, i.page FROM document_page_images i JOIN documents d ON d.id = i.document_id
        WHERE i.storage_key = $1`,
      [storageKey],
    );
    const page = drawn.rows[0];
    if (page) {
      return {
        filename: `${page.filename} page ${page.page}.png`,
        contentType: 'image/png',
        patientId: page.patient_id,
        documentId: page.id,
      };
    }
    const generated = await db.query<{ patient_id: number | null; filename: string }>(
      `SELECT patient_id, filename FROM generated_files WHERE storage_key = $1`,
      [storageKey],
    );
    const file = generated.rows[0];
    return file
      ? {
          filename: file.filename,
          contentType: 'text/plain; charset=utf-8',
          patientId: file.patient_id,
          documentId: null,
        }
      : null;
  };
}
