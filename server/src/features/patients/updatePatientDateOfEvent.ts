import type { Database } from '../../db/Database.js';
import { notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { PATIENT_MESSAGES, updatePatientAudited } from './createPatientService.js';
import { createPatientRepository, type Caller } from './patientRepository.js';
import type { StoredPatient } from './StoredPatient.js';

/**
 * Sets (or, with null, clears) a patient's Date of Event, with its audit row (the value it replaced); answers the
 * patient as it now is. Who may edit was checked by the caller.
 */
export async function updatePatientDateOfEvent(
  db: Database,
  caller: Caller,
  patientId: number,
  after: string | null,
  audit: RequestAudit,
): Promise<StoredPatient> {
  await updatePatientAudited(db, caller, patientId, audit, {
    write: (repository) => repository.updateDateOfEvent(caller, patientId, after),
    facts: (before) => ({
      details: {
        fields: { DateofEvent: after },
        changes: { DateofEvent: { before: before.DateofEvent ?? null, after } },
      },
    }),
  });
  const updated = await createPatientRepository(db).findById(caller, patientId);
  if (!updated) throw notFound(PATIENT_MESSAGES.notFound);
  return updated;
}
