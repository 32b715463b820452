import type { DocumentFileType } from './extraction/ExtractedDocument.js';

export type DocumentStatus = 'processing' | 'processed' | 'failed';

/** A stored document of a patient or of one user (opinion documents), as the documents feature reads it. */
export interface StoredDocument {
  id: number;
  patientId: number | null;
  ownerUserId: number | null;
  groupId: number;
  storageKey: string;
  filename: string;
  sizeBytes: number;
  sha256: string;
  fileType: DocumentFileType;
  status: DocumentStatus;
  pageCount: number | null;
  pagesWithoutText: number[];
  ocrPages: number[];
  ocrConfidence: number | null;
  lowConfidencePages: number[];
  unreadablePages: number[];
  blankPages: number[];
  processedDate: string | null;
  jobId: number | null;
  createdAt: string;
  chunkCount: number;
}
