import { Navigate } from 'react-router-dom';
import { useSession } from '@ewrt/shared';
import { AFTER_SIGN_IN_PATH, LandingPage } from './LandingPage';

/** "/" (SHELL-01): the landing page when signed out; signed-in visitors go to /patients. */
export function LandingRoute() {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to={AFTER_SIGN_IN_PATH} replace />;
  return <LandingPage />;
}
