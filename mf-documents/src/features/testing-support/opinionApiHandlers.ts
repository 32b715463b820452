// MSW handlers and test data for the opinion document calls (part 2 §7 "Opinion documents") of the upload and
// management screens. Each handler takes the answer's body (sent as JSON with the call's usual status) or an MSW
// resolver for anything dynamic.
import type {
  DocumentDeleteResponse,
  DocumentUploadResponse,
  DocumentValidationResult,
  DownloadLinkResponse,
  Job,
  JobStatusResponse,
  OpinionDocumentListResponse,
  PatientDocument,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { apiUrl, http } from '@ewrt/shared/testing';
import { makeJob, makePatientDocument, makePatientDocumentList } from './documentFixtures';
import { respond, type Answer } from './documentsApiHandlers';

export const validateOpinionDocumentHandler = (answer: Answer<DocumentValidationResult>) =>
  http.post(apiUrl('/api/opinions/documents/validate'), respond(answer, 200));

export const uploadOpinionDocumentHandler = (answer: Answer<DocumentUploadResponse>) =>
  http.post(apiUrl('/api/opinions/documents/upload'), respond(answer, 202));

export const opinionJobStatusHandler = (answer: Answer<JobStatusResponse>) =>
  http.get(apiUrl('/api/opinions/jobs/:jobId/status'), respond(answer, 200));

export const listOpinionDocumentsHandler = (answer: Answer<OpinionDocumentListResponse>) =>
  http.get(apiUrl('/api/opinions/documents'), respond(answer, 200));

export const opinionDocumentDownloadHandler = (answer: Answer<DownloadLinkResponse>) =>
  http.get(apiUrl('/api/opinions/documents/download/:s3Key'), respond(answer, 200));

export const deleteOpinionDocumentHandler = (answer: Answer<DocumentDeleteResponse>) =>
  http.delete(apiUrl('/api/opinions/documents/delete'), respond(answer, 200));

export const rebuildOpinionVectorsHandler = (answer: Answer<RebuildVectorsResponse>) =>
  http.post(apiUrl('/api/opinions/documents/rebuild-vectors'), respond(answer, 202));

export const generateOpinionFileListHandler = (answer: Answer<DownloadLinkResponse>) =>
  http.post(apiUrl('/api/opinions/documents/generate-file-list'), respond(answer, 200));

/** One of the user's opinion documents: the same shape as a patient's document. */
export function makeOpinionDocument(overrides: Partial<PatientDocument> = {}): PatientDocument {
  return makePatientDocument({
    filename: 'opinion-lumbar-spine-2024.pdf',
    s3_key: 'opinion_lumbar_spine_2024',
    process_id: '51',
    ...overrides,
  });
}

/** The user's opinion documents with totals computed from them. */
export function makeOpinionDocumentList(
  documents: PatientDocument[] = [makeOpinionDocument()],
  overrides: Partial<OpinionDocumentListResponse> = {},
): OpinionDocumentListResponse {
  return makePatientDocumentList(documents, overrides);
}

/** A running opinion processing job: it belongs to the user, not to a patient. */
export function makeOpinionJob(overrides: Partial<Job> = {}): Job {
  return makeJob({
    id: 51,
    input_data: { filename: 'opinion-lumbar-spine-2024.pdf', file_size_mb: 0.23 },
    patient_id: null,
    ...overrides,
  });
}
