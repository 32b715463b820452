import type { Patient } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

/** GET /api/patients/{id}: the patient itself; a server wrapping it as {patient} is accepted too. */
export async function getPatient(patientId: number): Promise<Patient> {
  const { data } = await apiClient.get<Patient | { patient: Patient }>(
    `/api/patients/${encodeURIComponent(patientId)}`,
  );
  return 'patient' in data && typeof data.patient === 'object' && data.patient !== null
    ? data.patient
    : (data as Patient);
}
