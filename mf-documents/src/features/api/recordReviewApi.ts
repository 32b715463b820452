// The record review calls (contract `recordReviewCalls`): only this remote makes them.
import type {
  DuplicateGroupsResponse,
  RecordGapsResponse,
  RecordReviewChangeResponse,
  SetAsideDuplicatesRequest,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';
import type { ExportedFile } from '@ewrt/shared/kit';
import { downloadExport } from './conversationApi';

const patientPath = (patientId: number) => `/api/patients/${encodeURIComponent(patientId)}`;

/** The patient's documents grouped by copying, with the copies set aside. */
export async function getDuplicateGroups(
  patientId: number,
  signal?: AbortSignal,
): Promise<DuplicateGroupsResponse> {
  const { data } = await apiClient.get<DuplicateGroupsResponse>(`${patientPath(patientId)}/duplicates`, {
    signal,
  });
  return data;
}

/** Keeps one document and sets its copies aside. */
export async function setAsideDuplicates(
  patientId: number,
  request: SetAsideDuplicatesRequest,
): Promise<RecordReviewChangeResponse> {
  const { data } = await apiClient.post<RecordReviewChangeResponse>(
    `${patientPath(patientId)}/duplicates/set-aside`,
    request,
  );
  return data;
}

/** Brings a set-aside copy back into the records. */
export async function restoreDuplicate(
  patientId: number,
  s3Key: string,
): Promise<RecordReviewChangeResponse> {
  const { data } = await apiClient.post<RecordReviewChangeResponse>(
    `${patientPath(patientId)}/duplicates/restore`,
    {
      s3_key: s3Key,
    },
  );
  return data;
}

/** Missing records, gaps in care longer than `gapDays` and missed appointments. */
export async function getRecordGaps(
  patientId: number,
  gapDays: number,
  signal?: AbortSignal,
): Promise<RecordGapsResponse> {
  const { data } = await apiClient.get<RecordGapsResponse>(`${patientPath(patientId)}/record-gaps`, {
    params: { gap_days: gapDays },
    signal,
  });
  return data;
}

/** The record review as a .docx, named by the server after the patient and the date. */
export function exportRecordReview(patientId: number, gapDays: number): Promise<ExportedFile> {
  return downloadExport(
    `${patientPath(patientId)}/record-review/export?gap_days=${encodeURIComponent(gapDays)}`,
    `patient_${patientId}_record_review.docx`,
  );
}
