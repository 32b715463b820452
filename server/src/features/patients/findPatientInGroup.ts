import type { Queryable } from '../../db/Database.js';
import { createPatientRepository, type Caller } from './patientRepository.js';
import type { StoredPatient } from './StoredPatient.js';

/**
 * A patient of the caller's group with the caller's access level, or null (another group's patient is not found):
 * how other features read a patient without the patients' repository.
 */
export function findPatientInGroup(
  db: Queryable,
  caller: Caller,
  patientId: number,
): Promise<StoredPatient | null> {
  return createPatientRepository(db).findById(caller, patientId);
}
