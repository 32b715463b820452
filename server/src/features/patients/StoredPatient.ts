import type { Patient } from '@ewrt/contract';

/** A patient as the server reads it: the caller's access level and the group are always known. */
export type StoredPatient = Patient & Required<Pick<Patient, 'access_level' | 'ID_Group'>>;
