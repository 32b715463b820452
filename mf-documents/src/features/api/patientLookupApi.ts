// The patient calls of part 2 §7 ("Patient lookup in processing"). The patients remote has its own copies: remotes
// never import each other, and shared carries only what every app needs.
import type { PatientSearchResponse } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

export { getPatient } from '@ewrt/shared/kit';

export async function searchPatients(term: string, page: number): Promise<PatientSearchResponse> {
  const { data } = await apiClient.get<PatientSearchResponse>('/api/patients/search', {
    params: { term, page },
  });
  return data;
}
