// The record review calls (contract `recordReviewCalls`): only this remote makes them.
import type {
  DuplicateGroupsResponse,
  RecordGapsResponse,
  RecordReviewChangeResponse,
  SetAsideDuplicatesRequest,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';
import { requestCallFile, type ExportedFile } from '@ewrt/shared/kit';

/** The patient's documents grouped by copying, with the copies set aside. */
export function getDuplicateGroups(
  patientId: number,
  signal?: AbortSignal,
): Promise<DuplicateGroupsResponse> {
  return callApi('getDuplicateGroups', { params: { id: patientId } }, { signal });
}

/** Keeps one document and sets its copies aside. */
export function setAsideDuplicates(
  patientId: number,
  request: SetAsideDuplicatesRequest,
): Promise<RecordReviewChangeResponse> {
  return callApi('setAsideDuplicates', { params: { id: patientId }, body: request });
}

/** Brings a set-aside copy back into the records. */
export function restoreDuplicate(patientId: number, s3Key: string): Promise<RecordReviewChangeResponse> {
  return callApi('restoreDuplicate', { params: { id: patientId }, body: { s3_key: s3Key } });
}

/** Missing records, gaps in care longer than `gapDays` and missed appointments. */
export function getRecordGaps(
  patientId: number,
  gapDays: number,
  signal?: AbortSignal,
): Promise<RecordGapsResponse> {
  return callApi('getRecordGaps', { params: { id: patientId }, query: { gap_days: gapDays } }, { signal });
}

/** The record review as a .docx, named by the server after the patient and the date. */
export function exportRecordReview(patientId: number, gapDays: number): Promise<ExportedFile> {
  return requestCallFile(
    'exportRecordReview',
    { params: { id: patientId }, query: { gap_days: gapDays } },
    `patient_${patientId}_record_review.docx`,
  );
}
