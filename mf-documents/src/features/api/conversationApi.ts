// The question calls of part 2 §7: "Patient query chat" (one conversation per user and patient) and the opinion
// conversation of "Opinion documents" (the user's own), plus the opinion pages behind a citation (a patient's
// pages come from the shared kit). Both scopes answer
// the same shapes, so the screens share one conversation UI over these functions.
import type {
  ClearConversationResponse,
  ConversationEntry,
  ConversationResponse,
  DocumentPageResponse,
  PageImageResponse,
  Patient,
  QueryRequest,
  QueryResponse,
  SaveConversationResponse,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { QUERY_DEFAULT_K, QUERY_USE_CACHE_DEFAULT } from '@ewrt/contract/limits';
import { apiClient } from '@ewrt/shared';
import { pageImageParams, requestFile, type ExportedFile, type PageImageRequest } from '@ewrt/shared/kit';

const patientPath = (patientId: number) => `/api/patients/${encodeURIComponent(patientId)}`;

/** The query parameters of part 2 §9: k passages (8), the answer cache on. */
function queryBody(query: string): QueryRequest {
  return { query, k: QUERY_DEFAULT_K, use_cache: QUERY_USE_CACHE_DEFAULT };
}

/** GETs a file the server produces (a .docx export), named by its Content-Disposition, else `fallbackName`. */
export function downloadExport(url: string, fallbackName: string): Promise<ExportedFile> {
  return requestFile({ url }, fallbackName);
}

// Patient records

export async function getPatientConversation(patientId: number): Promise<ConversationEntry[]> {
  const { data } = await apiClient.get<ConversationResponse>(`${patientPath(patientId)}/conversation`);
  return data.entries;
}

export async function askAboutPatientRecords(patientId: number, query: string): Promise<QueryResponse> {
  const { data } = await apiClient.post<QueryResponse>(`${patientPath(patientId)}/query`, queryBody(query));
  return data;
}

export async function clearPatientConversation(patientId: number): Promise<ClearConversationResponse> {
  const { data } = await apiClient.delete<ClearConversationResponse>(
    `${patientPath(patientId)}/conversation/clear`,
  );
  return data;
}

/** The conversation as a .docx, named by the server after the patient and the date. */
export function exportPatientConversation(patientId: number): Promise<ExportedFile> {
  return downloadExport(
    `${patientPath(patientId)}/conversation/export`,
    `patient_${patientId}_conversation.docx`,
  );
}

export async function savePatientConversationToVectors(
  patientId: number,
  includeQueries: boolean,
): Promise<SaveConversationResponse> {
  const { data } = await apiClient.post<SaveConversationResponse>(
    `${patientPath(patientId)}/conversation/save-to-vectors`,
    { include_queries: includeQueries },
  );
  return data;
}

/** Sets (yyyy-mm-dd) or clears (null) the patient's date of event; answers the updated patient. */
export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  const { data } = await apiClient.put<UpdateDateOfEventResponse>(
    `${patientPath(patientId)}/update-date-of-event`,
    { DateofEvent: dateOfEvent },
  );
  return data.patient;
}

// The user's opinion documents

export async function getOpinionConversation(): Promise<ConversationEntry[]> {
  const { data } = await apiClient.get<ConversationResponse>('/api/opinions/conversation');
  return data.entries;
}

export async function askAboutOpinions(query: string): Promise<QueryResponse> {
  const { data } = await apiClient.post<QueryResponse>('/api/opinions/query', queryBody(query));
  return data;
}

export async function clearOpinionConversation(): Promise<ClearConversationResponse> {
  const { data } = await apiClient.delete<ClearConversationResponse>('/api/opinions/conversation/clear');
  return data;
}

/** The opinion conversation as a .docx, named by the server after the user and the date. */
export function exportOpinionConversation(): Promise<ExportedFile> {
  return downloadExport('/api/opinions/conversation/export', 'opinion_conversation.docx');
}

export async function saveOpinionConversationToVectors(
  includeQueries: boolean,
): Promise<SaveConversationResponse> {
  const { data } = await apiClient.post<SaveConversationResponse>(
    '/api/opinions/conversation/save-to-vectors',
    {
      include_queries: includeQueries,
    },
  );
  return data;
}

export async function getOpinionDocumentPage(s3Key: string, page: number): Promise<DocumentPageResponse> {
  const { data } = await apiClient.get<DocumentPageResponse>(
    `/api/opinions/documents/pages/${encodeURIComponent(s3Key)}/${encodeURIComponent(page)}`,
  );
  return data;
}

export async function getOpinionPageImage(
  s3Key: string,
  page: number,
  request: PageImageRequest,
): Promise<PageImageResponse> {
  const { data } = await apiClient.get<PageImageResponse>(
    `/api/opinions/documents/pages/${encodeURIComponent(s3Key)}/${encodeURIComponent(page)}/image`,
    { params: pageImageParams(request) },
  );
  return data;
}
