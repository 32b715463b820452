// The draft-report and generated-document calls, and the Date of Event change of the patient.
import type {
  DownloadLinkResponse,
  DraftReportJobsResponse,
  DraftReportPrompt,
  DraftReportResultsResponse,
  DraftReportStatusResponse,
  DraftReportType,
  GenerateDraftReportRequest,
  GenerateDraftReportResponse,
  GeneratedDocumentsResponse,
  MessageResponse,
  Patient,
} from '@ewrt/contract';
import { DRAFT_JOBS_PAGE, DRAFT_JOBS_PAGE_SIZE } from '@ewrt/contract/limits';
import { callApi } from '@ewrt/shared';

export async function listDraftReportTypes(userId: number): Promise<DraftReportType[]> {
  return (await callApi('listDraftReportTypes', { params: { id: userId } })).lookup_types;
}

export async function listDraftReportPrompts(
  userId: number,
  lookupTypeId: number,
): Promise<DraftReportPrompt[]> {
  return (await callApi('listDraftReportPrompts', { params: { userId, lookupTypeId } })).prompts;
}

export function generateDraftReport(
  request: GenerateDraftReportRequest,
): Promise<GenerateDraftReportResponse> {
  return callApi('generateDraftReport', { body: request });
}

export function getDraftReportStatus(jobId: number): Promise<DraftReportStatusResponse> {
  return callApi('getDraftReportStatus', { params: { jobId } });
}

export function getDraftReportResults(jobId: number): Promise<DraftReportResultsResponse> {
  return callApi('getDraftReportResults', { params: { jobId } });
}

/** The user's draft-report jobs, newest first: page 1 of 10 unless asked otherwise. */
export function listDraftReportJobs(
  userId: number,
  page: number = DRAFT_JOBS_PAGE,
  limit: number = DRAFT_JOBS_PAGE_SIZE,
): Promise<DraftReportJobsResponse> {
  return callApi('listDraftReportJobs', { params: { id: userId }, query: { page, limit } });
}

export function listGeneratedDocuments(patientId: number): Promise<GeneratedDocumentsResponse> {
  return callApi('listGeneratedDocuments', { params: { patientId } });
}

export function getGeneratedDocumentDownload(
  patientId: number,
  s3Key: string,
): Promise<DownloadLinkResponse> {
  return callApi('downloadGeneratedDocument', { params: { patientId, s3_key: s3Key } });
}

export function deleteGeneratedDocument(patientId: number, s3Key: string): Promise<MessageResponse> {
  return callApi('deleteGeneratedDocument', { params: { patientId, s3_key: s3Key } });
}

export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  return (
    await callApi('updateDateOfEvent', { params: { id: patientId }, body: { DateofEvent: dateOfEvent } })
  ).patient;
}
