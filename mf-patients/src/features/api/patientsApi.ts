// The patient calls of part 1 §7 and the case overview: only this remote makes them, so they live here rather than in
// shared.
import type {
  AdvancedSearchFilters,
  CaseOverview,
  DeleteAllPatientDataResponse,
  DuplicateCheckRequest,
  DuplicateCheckResponse,
  Patient,
  PatientInput,
  PatientListResponse,
  PatientResponse,
  PatientSearchResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

export async function getRecentPatients(): Promise<PatientListResponse> {
  const { data } = await apiClient.get<PatientListResponse>('/api/patients/recent');
  return data;
}

export async function searchPatients(term: string, page: number): Promise<PatientSearchResponse> {
  const { data } = await apiClient.get<PatientSearchResponse>('/api/patients/search', {
    params: { term, page },
  });
  return data;
}

/** Sends only the non-blank filters (trimmed), as part 1 §5 requires. */
export async function searchPatientsAdvanced(filters: AdvancedSearchFilters): Promise<PatientListResponse> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') params[name] = value.trim();
  }
  const { data } = await apiClient.get<PatientListResponse>('/api/patients/search-advanced', { params });
  return data;
}

/** Records that the patient was opened; the answer carries nothing the screens use. */
export async function recordPatientAccess(id: number): Promise<void> {
  await apiClient.post(`/api/patients/${encodeURIComponent(id)}/access`);
}

export async function checkDuplicatePatient(req: DuplicateCheckRequest): Promise<DuplicateCheckResponse> {
  const { data } = await apiClient.post<DuplicateCheckResponse>('/api/patients/check-duplicate', req);
  return data;
}

export async function createPatient(input: PatientInput): Promise<PatientResponse> {
  const { data } = await apiClient.post<PatientResponse>('/api/patients', input);
  return data;
}

export async function updatePatient(id: number, input: PatientInput): Promise<PatientResponse> {
  const { data } = await apiClient.put<PatientResponse>(`/api/patients/${encodeURIComponent(id)}`, input);
  return data;
}

/** The answer is "the patient" (part 1 §7); a server wrapping it as {patient} is accepted too. */
export async function getPatient(id: number): Promise<Patient> {
  const { data } = await apiClient.get<Patient | PatientResponse>(`/api/patients/${encodeURIComponent(id)}`);
  return 'patient' in data && typeof data.patient === 'object' && data.patient !== null
    ? data.patient
    : (data as Patient);
}

/** Deletes all the patient's data; the patient record itself remains. */
export async function deleteAllPatientData(id: number): Promise<DeleteAllPatientDataResponse> {
  const { data } = await apiClient.delete<DeleteAllPatientDataResponse>(
    `/api/patients/${encodeURIComponent(id)}/delete-all-data`,
  );
  return data;
}

/** What the patient's records hold and where each document tool stands (the dashboard's case overview). */
export async function getCaseOverview(id: number, signal?: AbortSignal): Promise<CaseOverview> {
  const { data } = await apiClient.get<CaseOverview>(`/api/patients/${encodeURIComponent(id)}/overview`, {
    signal,
  });
  return data;
}
