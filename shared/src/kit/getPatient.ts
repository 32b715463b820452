import type { Patient } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** The patient itself, as the contract answers it. */
export function getPatient(patientId: number): Promise<Patient> {
  return callApi('getPatient', { params: { id: patientId } });
}
