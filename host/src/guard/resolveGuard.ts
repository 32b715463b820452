import {
  checkRouteAccess,
  declaredRoutes,
  findRoute,
  type DeclaredRoute,
  type Patient,
  type SessionState,
} from '@ewrt/shared';

/** What the guard does with a protected path; the rules themselves live in @ewrt/shared. */
export type GuardDecision =
  | { kind: 'restoring' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied'; reason: 'user-level' | 'patient-level' | 'admin-only'; levelLabel: string }
  | { kind: 'needs-patient'; route: DeclaredRoute }
  | { kind: 'allowed'; route: DeclaredRoute };

export const HOME_PATH = '/';

/**
 * The guard of SHELL-02, ACC-03 for a path other than "/": signed out -> "/"; a path no deployed remote
 * declares -> "/"; not permitted -> Access Denied; a patient screen without a selected patient -> the
 * 'No patient selected' message; otherwise allowed. The routes are those of the loaded runtime
 * configuration by default.
 */
export function resolveGuard(
  path: string,
  session: SessionState,
  selectedPatient: Patient | null,
  routes: readonly DeclaredRoute[] = declaredRoutes(),
): GuardDecision {
  if (session.status === 'restoring') return { kind: 'restoring' };
  if (session.status !== 'signed-in' || !session.user) return { kind: 'redirect', to: HOME_PATH };
  const route = findRoute(path, routes);
  if (!route) return { kind: 'redirect', to: HOME_PATH };
  const access = checkRouteAccess(route, session.user, selectedPatient);
  if (!access.allowed) return { kind: 'denied', reason: access.reason, levelLabel: access.levelLabel };
  if (route.needsPatient && !selectedPatient) return { kind: 'needs-patient', route };
  return { kind: 'allowed', route };
}
