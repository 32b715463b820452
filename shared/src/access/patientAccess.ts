import type { Patient, PatientAccessLevel, User } from '../api/types';
import { PATIENT_ACCESS } from '../constants';
import { PATIENT_FEATURES } from './accessLevels';
import type { PatientFeature } from './types';
import { isAdministrator, isReadOnlyUser } from './userAccess';

type MaybeUser = User | null | undefined;
type MaybePatient = Patient | null | undefined;

/** Full access (or an administrator) opens every feature but pagination, which is what pagination-only is left. */
const FULL_ACCESS_FEATURES = PATIENT_FEATURES.filter((feature) => feature !== 'pagination');

export const PATIENT_LEVEL_LABELS: Record<PatientAccessLevel, string> = {
  1: 'Full access',
  2: 'Pagination only',
  3: 'View only',
};

/**
 * The selected patient's access level: none selected or undefined -> full access (the specification);
 * any value other than 1, 2 or 3 -> view only (least privilege).
 */
export function patientAccessLevel(patient: MaybePatient): PatientAccessLevel {
  const level: unknown = patient?.access_level;
  if (level === undefined || level === null) return PATIENT_ACCESS.FULL;
  if (
    level === PATIENT_ACCESS.FULL ||
    level === PATIENT_ACCESS.PAGINATION_ONLY ||
    level === PATIENT_ACCESS.VIEW_ONLY
  ) {
    return level;
  }
  return PATIENT_ACCESS.VIEW_ONLY;
}

/** The patient dashboard's feature list (ACC-06). */
export function patientFeatures(user: MaybeUser, patient: MaybePatient): PatientFeature[] {
  if (isAdministrator(user)) return [...FULL_ACCESS_FEATURES];
  switch (patientAccessLevel(patient)) {
    case PATIENT_ACCESS.FULL:
      return [...FULL_ACCESS_FEATURES];
    case PATIENT_ACCESS.PAGINATION_ONLY:
      return ['pagination'];
    default:
      return [];
  }
}

/** Administrators and full-access patients may use every resource type; others only 'patient'. */
export function canUseResource(user: MaybeUser, patient: MaybePatient, resourceType: string): boolean {
  if (isAdministrator(user) || patientAccessLevel(patient) === PATIENT_ACCESS.FULL) return true;
  return resourceType === 'patient';
}

/** Edit Patient and Delete Patient Data are hidden for the read-only kind (user or patient). */
export function canEditPatient(user: MaybeUser, patient: MaybePatient): boolean {
  return !isReadOnlyUser(user) && patientAccessLevel(patient) !== PATIENT_ACCESS.VIEW_ONLY;
}

/**
 * Delete Patient Data erases documents, vectors and jobs, resources beyond the record itself: besides the
 * edit rule it needs full access to the patient, unless the user is an administrator (the server agrees).
 */
export function canDeletePatientData(user: MaybeUser, patient: MaybePatient): boolean {
  return canEditPatient(user, patient) && canUseResource(user, patient, 'documents');
}

/** Adding a patient is a change: the read-only kind may only search and view (the server agrees). */
export function canAddPatient(user: MaybeUser): boolean {
  return !isReadOnlyUser(user);
}
