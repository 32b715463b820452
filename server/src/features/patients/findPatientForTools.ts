import type { Queryable } from '../../db/Database.js';
import { forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { PATIENT_MESSAGES } from './createPatientService.js';
import { canUsePatientTools, hasUserFeature } from './patientPermissions.js';
import { createPatientRepository, type StoredPatient } from './patientRepository.js';

export const PATIENT_TOOL_MESSAGES = {
  noDocumentsFeature: 'Your access level does not allow working with patient documents',
  notFullAccess: 'Document tools are available only for patients you have full access to',
} as const;

/**
 * The patient behind a patient-scoped tool (documents, record questions): found in the caller's group (another
 * group's patient answers 404, as if it did not exist), then the user's level must have the documents feature and
 * the user full access to the patient (Administrators: any patient of their group). The audit row names the
 * patient even when the call is refused.
 */
export async function findPatientForTools(
  db: Queryable,
  user: AuthenticatedUser,
  patientId: number,
  audit: RequestAudit,
): Promise<StoredPatient> {
  audit.describe({ patientId });
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  const patient = await createPatientRepository(db).findById(
    { userId: user.id, groupId: user.groupId },
    patientId,
  );
  if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
  if (!hasUserFeature(user, 'documents')) throw forbidden(PATIENT_TOOL_MESSAGES.noDocumentsFeature);
  if (!canUsePatientTools(user, patient.access_level)) throw forbidden(PATIENT_TOOL_MESSAGES.notFullAccess);
  return patient;
}
