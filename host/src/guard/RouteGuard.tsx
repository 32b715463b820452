import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner, MESSAGES, useSelectedPatient, useSession, type DeclaredRoute } from '@ewrt/shared';
import { usePageTitle } from '../app/usePageTitle';
import { resolveGuard, type GuardDecision } from './resolveGuard';

// The refusal pages load only when a path is refused.
const AccessDeniedPage = lazy(() =>
  import('../access-denied/AccessDeniedPage').then((module) => ({ default: module.AccessDeniedPage })),
);
const NoPatientSelectedPage = lazy(() =>
  import('../access-denied/NoPatientSelectedPage').then((module) => ({
    default: module.NoPatientSelectedPage,
  })),
);

export interface RouteGuardProps {
  /** What an allowed path shows (the area outlet), given the declared route that owns it. */
  children: (route: DeclaredRoute) => ReactNode;
}

/** What the browser tab says for a decision: the route's declared title, else its area's name. */
function titleOf(decision: GuardDecision): string | undefined {
  switch (decision.kind) {
    case 'allowed':
      return decision.route.title ?? decision.route.remote.areaLabel;
    case 'denied':
      return 'Access Denied';
    case 'needs-patient':
      return 'No patient selected';
    default:
      return undefined;
  }
}

/** The authentication and access-level guard around every protected path (SHELL-02, ACC-03). */
export function RouteGuard({ children }: RouteGuardProps) {
  const { pathname } = useLocation();
  const session = useSession();
  const patient = useSelectedPatient();
  const decision = resolveGuard(pathname, session, patient);
  usePageTitle(titleOf(decision));

  switch (decision.kind) {
    case 'restoring':
      return <FullPageSpinner tip={MESSAGES.restoringSession} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'denied':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <AccessDeniedPage reason={decision.reason} levelLabel={decision.levelLabel} />
        </Suspense>
      );
    case 'needs-patient':
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <NoPatientSelectedPage />
        </Suspense>
      );
    case 'allowed':
      return <>{children(decision.route)}</>;
  }
}
