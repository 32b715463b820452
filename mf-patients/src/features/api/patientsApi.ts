// The patient calls and the case overview that only this remote makes; the search and the patient itself are the
// documents remote's calls too, so they come from the shared kit.
import type {
  AdvancedSearchFilters,
  CaseOverview,
  DeleteAllPatientDataResponse,
  DuplicateCheckRequest,
  DuplicateCheckResponse,
  PatientInput,
  PatientListResponse,
  PatientResponse,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

export { getPatient, searchPatients } from '@ewrt/shared/kit';

export function getRecentPatients(): Promise<PatientListResponse> {
  return callApi('listRecentPatients');
}

/** Sends only the non-blank filters (trimmed), as PAT-05 requires. */
export function searchPatientsAdvanced(filters: AdvancedSearchFilters): Promise<PatientListResponse> {
  const query: AdvancedSearchFilters = {};
  for (const [name, value] of Object.entries(filters) as [keyof AdvancedSearchFilters, unknown][]) {
    if (typeof value === 'string' && value.trim() !== '') query[name] = value.trim();
  }
  return callApi('searchPatientsAdvanced', { query });
}

/** Records that the patient was opened; the answer carries nothing the screens use. */
export async function recordPatientAccess(id: number): Promise<void> {
  await callApi('recordPatientAccess', { params: { id } });
}

export function checkDuplicatePatient(req: DuplicateCheckRequest): Promise<DuplicateCheckResponse> {
  return callApi('checkDuplicatePatient', { body: req });
}

export function createPatient(input: PatientInput): Promise<PatientResponse> {
  return callApi('createPatient', { body: input });
}

export function updatePatient(id: number, input: PatientInput): Promise<PatientResponse> {
  return callApi('updatePatient', { params: { id }, body: input });
}

/** Deletes all the patient's data; the patient record itself remains. */
export function deleteAllPatientData(id: number): Promise<DeleteAllPatientDataResponse> {
  return callApi('deleteAllPatientData', { params: { id } });
}

/** What the patient's records hold and where each document tool stands (the dashboard's case overview). */
export function getCaseOverview(id: number, signal?: AbortSignal): Promise<CaseOverview> {
  return callApi('getCaseOverview', { params: { id } }, { signal });
}
