import { Route, Routes } from 'react-router-dom';
import { LandingRoute } from '../landing/LandingRoute';
import { SessionGate } from '../session/SessionGate';
import { ProtectedShell } from './ProtectedShell';

/** The host's routes: landing page at "/" (signed-in visitors go on to /patients), the guarded shell everywhere else. */
export function HostRoutes() {
  return (
    <SessionGate>
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route path="*" element={<ProtectedShell />} />
      </Routes>
    </SessionGate>
  );
}
