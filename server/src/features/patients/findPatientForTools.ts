import type { Queryable } from '../../db/Database.js';
import { forbidden, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { PATIENT_MESSAGES } from './createPatientService.js';
import type { UserFeature } from '@ewrt/contract';
import { hasFullPatientAccess, hasUserFeature } from './patientPermissions.js';
import { findPatientInGroup } from './findPatientInGroup.js';
import type { StoredPatient } from './StoredPatient.js';

export const PATIENT_TOOL_MESSAGES = {
  noDocumentsFeature: 'Your access level does not allow working with patient documents',
  notFullAccess: 'Document tools are available only for patients you have full access to',
} as const;

/** What a patient-scoped tool needs of the user, and what it says when they lack it. */
export interface PatientToolRule {
  feature: UserFeature;
  noFeature: string;
  notFullAccess: string;
}

/** The documents tools (documents, record questions, jobs): the documents feature. */
export const DOCUMENT_TOOLS_RULE: PatientToolRule = {
  feature: 'documents',
  noFeature: PATIENT_TOOL_MESSAGES.noDocumentsFeature,
  notFullAccess: PATIENT_TOOL_MESSAGES.notFullAccess,
};

/**
 * The patient behind a patient-scoped tool (documents, record questions, transcription): found in the caller's group
 * (another group's patient answers 404, as if it did not exist), then the user's level must have the rule's feature
 * and the user full access to the patient (Administrators: any patient of their group). The audit row names the
 * patient even when the call is refused.
 */
export async function findPatientForTools(
  db: Queryable,
  user: AuthenticatedUser,
  patientId: number,
  audit: Pick<RequestAudit, 'describe'>,
  rule: PatientToolRule = DOCUMENT_TOOLS_RULE,
): Promise<StoredPatient> {
  audit.describe({ patientId });
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  const patient = await findPatientInGroup(db, { userId: user.id, groupId: user.groupId }, patientId);
  if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
  if (!hasUserFeature(user, rule.feature)) throw forbidden(rule.noFeature);
  if (!hasFullPatientAccess(user, patient.access_level)) throw forbidden(rule.notFullAccess);
  return patient;
}
