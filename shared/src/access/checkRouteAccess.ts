import type { Patient, User } from '../api/types';
import { PATIENT_LEVEL_LABELS, isRouteAllowedForPatientLevel, patientAccessLevel } from './patientAccess';
import { findRoute } from './routes';
import type { RouteAccessDecision } from './types';
import { hasFeature, isAdmin, isAdministrator, userLevelLabel } from './userAccess';

/**
 * Whether the signed-in user may open a path: administrators always; otherwise the user-level rule
 * (admin-only routes, required feature) and the selected patient's level rule must both pass.
 * levelLabel names the level that denied it, for the Access Denied page.
 */
export function checkRouteAccess(
  path: string,
  user: User | null | undefined,
  selectedPatient: Patient | null | undefined,
): RouteAccessDecision {
  if (isAdministrator(user)) return { allowed: true };
  const route = findRoute(path);
  if (route?.adminOnly && !isAdmin(user)) {
    return { allowed: false, reason: 'admin-only', levelLabel: userLevelLabel(user) };
  }
  if (route?.feature && !hasFeature(user, route.feature)) {
    return { allowed: false, reason: 'user-level', levelLabel: userLevelLabel(user) };
  }
  const level = patientAccessLevel(selectedPatient);
  if (!isRouteAllowedForPatientLevel(path, level)) {
    return { allowed: false, reason: 'patient-level', levelLabel: PATIENT_LEVEL_LABELS[level] };
  }
  return { allowed: true };
}
