import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner, MESSAGES, useSelectedPatient, useSession, type RouteEntry } from '@ewrt/shared';
import { AccessDeniedPage } from '../access-denied/AccessDeniedPage';
import { NoPatientSelectedPage } from '../access-denied/NoPatientSelectedPage';
import { resolveGuard } from './resolveGuard';

export interface RouteGuardProps {
  /** What an allowed path shows (the area outlet), given its route-table entry. */
  children: (route: RouteEntry) => ReactNode;
}

/** The authentication and access-level guard around every protected path (part 1 §2.1, §6). */
export function RouteGuard({ children }: RouteGuardProps) {
  const { pathname } = useLocation();
  const session = useSession();
  const patient = useSelectedPatient();
  const decision = resolveGuard(pathname, session, patient);

  switch (decision.kind) {
    case 'restoring':
      return <FullPageSpinner tip={MESSAGES.restoringSession} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'denied':
      return <AccessDeniedPage reason={decision.reason} levelLabel={decision.levelLabel} />;
    case 'needs-patient':
      return <NoPatientSelectedPage />;
    case 'allowed':
      return <>{children(decision.route)}</>;
  }
}
