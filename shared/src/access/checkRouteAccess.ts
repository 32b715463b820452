import type { Patient, User } from '../api/types';
import type { RouteDeclaration } from '../routing/types';
import { PATIENT_LEVEL_LABELS, patientAccessLevel } from './patientAccess';
import type { RouteAccessDecision } from './types';
import { hasFeature, isAdmin, isAdministrator, userLevelLabel } from './userAccess';

/** What a route requires of the user and of the selected patient. */
export type RouteRequirements = Pick<RouteDeclaration, 'feature' | 'adminOnly' | 'patientLevels'>;

/**
 * Whether the signed-in user may open a declared route (find it with `findRoute(path, declaredRoutes())`):
 * administrators always; otherwise the user-level rule (admin-only, required feature) and the selected
 * patient's level (the route's `patientLevels`) must both pass. levelLabel names the level that denied
 * it, for the Access Denied page.
 */
export function checkRouteAccess(
  route: RouteRequirements,
  user: User | null | undefined,
  selectedPatient: Patient | null | undefined,
): RouteAccessDecision {
  if (isAdministrator(user)) return { allowed: true };
  if (route.adminOnly && !isAdmin(user)) {
    return { allowed: false, reason: 'admin-only', levelLabel: userLevelLabel(user) };
  }
  if (route.feature && !hasFeature(user, route.feature)) {
    return { allowed: false, reason: 'user-level', levelLabel: userLevelLabel(user) };
  }
  const level = patientAccessLevel(selectedPatient);
  if (!route.patientLevels.includes(level)) {
    return { allowed: false, reason: 'patient-level', levelLabel: PATIENT_LEVEL_LABELS[level] };
  }
  return { allowed: true };
}
