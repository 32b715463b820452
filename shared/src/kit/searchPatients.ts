// The patients remote's search and the documents remote's patient lookup ask the same question; remotes never
// import each other, so the one call lives in the kit each of them bundles.
import type { PatientSearchResponse } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** One page of the patients whose name or reference matches `term`. */
export function searchPatients(term: string, page: number): Promise<PatientSearchResponse> {
  return callApi('searchPatients', { query: { term, page } });
}
