import {
  PATIENT_ACCESS,
  USER_ACCESS_LEVEL_LABELS,
  accessLevelFeatures,
  type PatientAccessLevel,
  type UserFeature,
} from '@ewrt/contract';
import type { AuthenticatedUser } from '../auth/userDirectory.js';

const KNOWN_LEVEL_LABELS = new Set<string>(Object.values(USER_ACCESS_LEVEL_LABELS));

/** The contract's "read-only" user level; an unknown or missing label counts as read-only (least privilege). */
export function hasReadOnlyLevel(user: AuthenticatedUser): boolean {
  if (user.isAdministrator) return false;
  const label = user.accessLevelLabel;
  return label === null || label === USER_ACCESS_LEVEL_LABELS.READ_ONLY || !KNOWN_LEVEL_LABELS.has(label);
}

/** Edit Patient: refused to the read-only kind (read-only user level, or view-only access to this patient). */
export function canEditPatient(user: AuthenticatedUser, level: PatientAccessLevel): boolean {
  return !hasReadOnlyLevel(user) && level !== PATIENT_ACCESS.VIEW_ONLY;
}

/** Delete Patient Data: as editing, and pagination-only access is not enough unless the user is an Administrator. */
export function canDeletePatientData(user: AuthenticatedUser, level: PatientAccessLevel): boolean {
  return canEditPatient(user, level) && (level === PATIENT_ACCESS.FULL || user.isAdministrator);
}

/** Adding patients is a change: the read-only level may only search and view. */
export function canCreatePatient(user: AuthenticatedUser): boolean {
  return !hasReadOnlyLevel(user);
}

/** The user's access level grants the feature (the README's access-level table); Administrators have them all. */
export function hasUserFeature(user: AuthenticatedUser, feature: UserFeature): boolean {
  return user.isAdministrator || accessLevelFeatures(user.accessLevelLabel).includes(feature);
}

/**
 * The patient-scoped tools of ACC-06 (document processing and search, vector management, record queries,
 * background jobs), which the documents feature opens: full access to the patient, or an Administrator;
 * pagination-only and view-only access do not get them.
 */
export function canUsePatientTools(user: AuthenticatedUser, level: PatientAccessLevel): boolean {
  return hasUserFeature(user, 'documents') && hasFullPatientAccess(user, level);
}

/** Full access to the patient, or an Administrator (who may work on any patient of their group). */
export function hasFullPatientAccess(user: AuthenticatedUser, level: PatientAccessLevel): boolean {
  return user.isAdministrator || level === PATIENT_ACCESS.FULL;
}
