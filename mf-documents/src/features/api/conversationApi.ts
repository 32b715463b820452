// The question calls of QRY-03: "Patient query chat" (one conversation per user and patient) and the opinion
// conversation of "Opinion documents" (the user's own), plus the opinion pages behind a citation (a patient's
// pages come from the shared kit). Both scopes answer
// the same shapes, so the screens share one conversation UI over these functions.
import type {
  ClearConversationResponse,
  ConversationEntry,
  DocumentPageResponse,
  PageImageResponse,
  Patient,
  QueryRequest,
  QueryResponse,
  SaveConversationResponse,
} from '@ewrt/contract';
import { QUERY_DEFAULT_K, QUERY_USE_CACHE_DEFAULT } from '@ewrt/contract/limits';
import { callApi } from '@ewrt/shared';
import { pageImageParams, requestCallFile, type ExportedFile, type PageImageRequest } from '@ewrt/shared/kit';

/** The query parameters of QRY-03: k passages (8), the answer cache on. */
function queryBody(query: string): QueryRequest {
  return { query, k: QUERY_DEFAULT_K, use_cache: QUERY_USE_CACHE_DEFAULT };
}

// Patient records

export async function getPatientConversation(patientId: number): Promise<ConversationEntry[]> {
  return (await callApi('getConversation', { params: { id: patientId } })).entries;
}

export function askAboutPatientRecords(patientId: number, query: string): Promise<QueryResponse> {
  return callApi('query', { params: { id: patientId }, body: queryBody(query) });
}

export function clearPatientConversation(patientId: number): Promise<ClearConversationResponse> {
  return callApi('clearConversation', { params: { id: patientId } });
}

/** The conversation as a .docx, named by the server after the patient and the date. */
export function exportPatientConversation(patientId: number): Promise<ExportedFile> {
  return requestCallFile(
    'exportConversation',
    { params: { id: patientId } },
    `patient_${patientId}_conversation.docx`,
  );
}

export function savePatientConversationToVectors(
  patientId: number,
  includeQueries: boolean,
): Promise<SaveConversationResponse> {
  return callApi('saveConversationToVectors', {
    params: { id: patientId },
    body: { include_queries: includeQueries },
  });
}

/** Sets (yyyy-mm-dd) or clears (null) the patient's date of event; answers the updated patient. */
export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  const answer = await callApi('updateDateOfEvent', {
    params: { id: patientId },
    body: { DateofEvent: dateOfEvent },
  });
  return answer.patient;
}

// The user's opinion documents

export async function getOpinionConversation(): Promise<ConversationEntry[]> {
  return (await callApi('getOpinionConversation')).entries;
}

export function askAboutOpinions(query: string): Promise<QueryResponse> {
  return callApi('queryOpinions', { body: queryBody(query) });
}

export function clearOpinionConversation(): Promise<ClearConversationResponse> {
  return callApi('clearOpinionConversation');
}

/** The opinion conversation as a .docx, named by the server after the user and the date. */
export function exportOpinionConversation(): Promise<ExportedFile> {
  return requestCallFile('exportOpinionConversation', {}, 'opinion_conversation.docx');
}

export function saveOpinionConversationToVectors(includeQueries: boolean): Promise<SaveConversationResponse> {
  return callApi('saveOpinionConversationToVectors', { body: { include_queries: includeQueries } });
}

export function getOpinionDocumentPage(s3Key: string, page: number): Promise<DocumentPageResponse> {
  return callApi('getOpinionDocumentPage', { params: { s3_key: s3Key, page } });
}

export function getOpinionPageImage(
  s3Key: string,
  page: number,
  request: PageImageRequest,
): Promise<PageImageResponse> {
  return callApi('getOpinionPageImage', {
    params: { s3_key: s3Key, page },
    query: pageImageParams(request),
  });
}
