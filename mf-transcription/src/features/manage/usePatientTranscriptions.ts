import { usePatientListing } from '@ewrt/shared/kit';
import { listTranscriptions } from '../api/transcriptionApi';

/** The patient's transcriptions, complete and incomplete; `reload` lists them again (after a deletion, on Refresh). */
export function usePatientTranscriptions(patientId: number) {
  return usePatientListing(patientId, listTranscriptions);
}
