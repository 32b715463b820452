// The patient calls of part 2 §7 ("Patient lookup in processing"). The patients remote has its own copies: remotes
// never import each other, and shared carries only what every app needs.
import type { Patient, PatientSearchResponse } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

/** The answer is the patient itself; a server wrapping it as {patient} is accepted too, like the patients remote. */
export async function getPatient(patientId: number): Promise<Patient> {
  const { data } = await apiClient.get<Patient | { patient: Patient }>(
    `/api/patients/${encodeURIComponent(patientId)}`,
  );
  return 'patient' in data && typeof data.patient === 'object' && data.patient !== null
    ? data.patient
    : (data as Patient);
}

export async function searchPatients(term: string, page: number): Promise<PatientSearchResponse> {
  const { data } = await apiClient.get<PatientSearchResponse>('/api/patients/search', {
    params: { term, page },
  });
  return data;
}
