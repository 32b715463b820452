// The patient lookup of document processing: the same calls as the patients remote's, shared through the kit.
export { getPatient, searchPatients } from '@ewrt/shared/kit';
