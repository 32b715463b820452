import { usePatientListing } from '@ewrt/shared/kit';
import { listGeneratedDocuments } from '../api/draftReportsApi';

/** The patient's generated documents; `reload` lists them again (after a deletion or on Refresh). */
export function useGeneratedDocuments(patientId: number) {
  return usePatientListing(patientId, listGeneratedDocuments);
}
