// The draft-report and generated-document calls of part 3 §7 "Draft reports and prompts", and the Date of Event
// change of "Patient".
import type {
  DownloadLinkResponse,
  DraftReportJobsResponse,
  DraftReportPrompt,
  DraftReportPromptsResponse,
  DraftReportResultsResponse,
  DraftReportStatusResponse,
  DraftReportType,
  DraftReportTypesResponse,
  GenerateDraftReportRequest,
  GenerateDraftReportResponse,
  GeneratedDocumentsResponse,
  MessageResponse,
  Patient,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { DRAFT_JOBS_PAGE, DRAFT_JOBS_PAGE_SIZE } from '@ewrt/contract/limits';
import { apiClient } from '@ewrt/shared';

const segment = (value: number | string) => encodeURIComponent(value);

export async function listDraftReportTypes(userId: number): Promise<DraftReportType[]> {
  const { data } = await apiClient.get<DraftReportTypesResponse>(
    `/api/draft-report/lookup-types/${segment(userId)}`,
  );
  return data.lookup_types;
}

export async function listDraftReportPrompts(
  userId: number,
  lookupTypeId: number,
): Promise<DraftReportPrompt[]> {
  const { data } = await apiClient.get<DraftReportPromptsResponse>(
    `/api/draft-report/prompts/${segment(userId)}/${segment(lookupTypeId)}`,
  );
  return data.prompts;
}

export async function generateDraftReport(
  request: GenerateDraftReportRequest,
): Promise<GenerateDraftReportResponse> {
  const { data } = await apiClient.post<GenerateDraftReportResponse>('/api/draft-report/generate', request);
  return data;
}

export async function getDraftReportStatus(jobId: number): Promise<DraftReportStatusResponse> {
  const { data } = await apiClient.get<DraftReportStatusResponse>(
    `/api/draft-report/status/${segment(jobId)}`,
  );
  return data;
}

export async function getDraftReportResults(jobId: number): Promise<DraftReportResultsResponse> {
  const { data } = await apiClient.get<DraftReportResultsResponse>(
    `/api/draft-report/results/${segment(jobId)}`,
  );
  return data;
}

/** The user's draft-report jobs, newest first: page 1 of 10 unless asked otherwise (part 3 §9). */
export async function listDraftReportJobs(
  userId: number,
  page: number = DRAFT_JOBS_PAGE,
  limit: number = DRAFT_JOBS_PAGE_SIZE,
): Promise<DraftReportJobsResponse> {
  const { data } = await apiClient.get<DraftReportJobsResponse>(
    `/api/users/${segment(userId)}/draft-report-jobs`,
    {
      params: { page, limit },
    },
  );
  return data;
}

export async function listGeneratedDocuments(patientId: number): Promise<GeneratedDocumentsResponse> {
  const { data } = await apiClient.get<GeneratedDocumentsResponse>(
    `/api/documents/gai/${segment(patientId)}`,
  );
  return data;
}

export async function getGeneratedDocumentDownload(
  patientId: number,
  s3Key: string,
): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.get<DownloadLinkResponse>(
    `/api/documents/gai/download/${segment(patientId)}/${segment(s3Key)}`,
  );
  return data;
}

export async function deleteGeneratedDocument(patientId: number, s3Key: string): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(
    `/api/documents/gai/delete/${segment(patientId)}/${segment(s3Key)}`,
  );
  return data;
}

export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  const { data } = await apiClient.put<UpdateDateOfEventResponse>(
    `/api/patients/${segment(patientId)}/update-date-of-event`,
    { DateofEvent: dateOfEvent },
  );
  return data.patient;
}
