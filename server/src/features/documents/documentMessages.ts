import { PATIENT_TOOL_MESSAGES } from '../patients/findPatientForTools.js';
import type { DocumentOwner } from './DocumentOwner.js';
import type { StoredDocument } from './documentRepository.js';
import type { DetectedContent } from './detectDocumentType.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';

const TYPE_LABELS: Record<DocumentFileType, string> = { pdf: 'PDF', docx: 'DOCX', doc: 'DOC', txt: 'text' };
const CONTENT_DESCRIPTIONS: Record<DocumentFileType, string> = {
  pdf: 'a PDF document',
  docx: 'a Word (DOCX) document',
  doc: 'a Word 97-2003 (DOC) document',
  txt: 'plain text',
};

/** Where a duplicate already is, as the person who owns the documents reads it. */
const COLLECTION_NAMES: Record<DocumentOwner['kind'], string> = {
  patient: 'this patient\u2019s records',
  opinions: 'your opinion documents',
};

const enGbDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** The date a person reads in a message: dd/mm/yyyy. */
export function formatEnGbDate(isoDateTime: string): string {
  return enGbDate.format(new Date(isoDateTime));
}

/** What the document calls answer, for a patient's records and for a user's opinion documents alike. */
export const DOCUMENT_MESSAGES = {
  ...PATIENT_TOOL_MESSAGES,
  documentNotFound: 'Document not found',
  invalidPatientId: 'Invalid patient id',
  patientIdFirst: 'Send the patient_id field before the file',
  noFile: 'Choose a file to upload',
  noFileName: 'The file has no name',
  emptyFile: (name: string) => `${name} is empty`,
  /** A job's error when reading the file failed for a reason the product has no words of its own for. */
  unreadableFile: (name: string) => `${name} could not be read: it may be damaged or not a valid document`,
  notRealFile: (name: string, declared: DocumentFileType, detected: DetectedContent) =>
    `${name} is not a real ${TYPE_LABELS[declared]} file: its content looks like ${
      detected.type ? CONTENT_DESCRIPTIONS[detected.type] : detected.description
    }.`,
  refused: (name: string, reason: string) => `${name} was not accepted: ${reason}`,
  duplicate: (name: string, existing: StoredDocument, owner: DocumentOwner['kind']) =>
    `${name} is already in ${COLLECTION_NAMES[owner]} (uploaded as ${existing.filename} on ${formatEnGbDate(existing.createdAt)})`,
  uploaded: (name: string) => `${name} was uploaded and is being processed in the background`,
  deleted: (name: string) => `${name} was deleted`,
  indexUpdated: (remaining: number) =>
    `The search index was updated in place: the document\u2019s passages were removed and ${remaining} remain.`,
  rebuildQueued: 'The search index is being rebuilt from the stored documents in the background',
  noDocumentsToList: 'No documents available to download',
} as const;
