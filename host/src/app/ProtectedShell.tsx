import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@ewrt/shared';
import { AreaOutlet } from '../composition/AreaOutlet';
import { refreshRemotesFromConfig } from '../composition/refreshRemotesFromConfig';
import { getConfiguredRemotes, retryRemote } from '../composition/remoteApplications';
import { findOwningRemote } from '../composition/remoteOwnership';
import { RouteGuard } from '../guard/RouteGuard';
import { Navbar } from '../navbar/Navbar';
import './shell.css';

/** Every path but "/": the navigation bar over the guarded area outlet. */
export function ProtectedShell() {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'signed-out') return <Navigate to="/" replace />;

  return (
    <div className="host-shell">
      <Navbar />
      <main className="host-shell__content">
        <RouteGuard>
          {(route) => (
            <AreaOutlet
              area={route.area}
              remote={findOwningRemote(pathname, getConfiguredRemotes())}
              onRetryRemote={retryRemote}
              onRetryMissing={refreshRemotesFromConfig}
            />
          )}
        </RouteGuard>
      </main>
    </div>
  );
}
