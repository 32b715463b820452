import { Navigate } from 'react-router-dom';
import { useSession } from '@ewrt/shared';
import { AreaOutlet } from '../composition/AreaOutlet';
import { retryRemote } from '../composition/remoteApplications';
import { RouteGuard } from '../guard/RouteGuard';
import { Navbar } from '../navbar/Navbar';
import './shell.css';

/** Every path but "/": the navigation bar over the guarded area outlet. */
export function ProtectedShell() {
  const { status } = useSession();
  if (status === 'signed-out') return <Navigate to="/" replace />;

  return (
    <div className="host-shell">
      <Navbar />
      <main className="host-shell__content">
        <RouteGuard>{(route) => <AreaOutlet remote={route.remote} onRetryRemote={retryRemote} />}</RouteGuard>
      </main>
    </div>
  );
}
