import { Navigate } from 'react-router-dom';
import { IdleSignOutWarning, useSession } from '@ewrt/shared';
import { AreaOutlet } from '../composition/AreaOutlet';
import { retryRemote } from '../composition/remoteApplications';
import { JobIndicator } from '../features/job-indicator/JobIndicator';
import { RouteGuard } from '../guard/RouteGuard';
import { Navbar } from '../navbar/Navbar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import './shell.css';

/** Every path but "/": the navigation bar over the guarded area outlet. */
export function ProtectedShell() {
  const { status } = useSession();
  if (status === 'signed-out') return <Navigate to="/" replace />;

  return (
    <div className="host-shell">
      <SkipLink />
      <Navbar jobIndicator={<JobIndicator />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="host-shell__content">
        <RouteGuard>{(route) => <AreaOutlet remote={route.remote} onRetryRemote={retryRemote} />}</RouteGuard>
      </main>
      <IdleSignOutWarning />
    </div>
  );
}
