import type { Database } from '../../db/Database.js';
import { notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { PATIENT_MESSAGES } from './createPatientService.js';
import { createPatientRepository, type Caller } from './patientRepository.js';
import type { StoredPatient } from './StoredPatient.js';

/**
 * Sets (or, with null, clears) a patient's Date of Event, the change and its audit row (with the value it replaced)
 * in one transaction; answers the patient as it now is. Who may edit was checked by the caller.
 */
export async function updatePatientDateOfEvent(
  db: Database,
  caller: Caller,
  patientId: number,
  after: string | null,
  audit: RequestAudit,
): Promise<StoredPatient> {
  await db.transaction(async (tx) => {
    // Locked before it is read, so the value recorded as "before" is the one this update replaces.
    await tx.query(`SELECT 1 FROM patients WHERE id = $1 AND group_id = $2 FOR UPDATE`, [
      patientId,
      caller.groupId,
    ]);
    const repository = createPatientRepository(tx);
    const before = await repository.findById(caller, patientId);
    if (!before || !(await repository.updateDateOfEvent(caller, patientId, after))) {
      throw notFound(PATIENT_MESSAGES.notFound);
    }
    audit.describe({
      details: {
        fields: { DateofEvent: after },
        changes: { DateofEvent: { before: before.DateofEvent ?? null, after } },
      },
    });
    await audit.recordWithin(tx);
  });
  const updated = await createPatientRepository(db).findById(caller, patientId);
  if (!updated) throw notFound(PATIENT_MESSAGES.notFound);
  return updated;
}
