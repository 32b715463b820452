// Test data for the opinion document calls (OPN-04) of the upload and management screens.
import type { Job, OpinionDocumentListResponse, PatientDocument } from '@ewrt/contract';
import { makeJob, makePatientDocument, makePatientDocumentList } from './documentFixtures';

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
