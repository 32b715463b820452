import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '@ewrt/shared';
import { LandingRoute } from '../landing/LandingRoute';
import { SessionGate } from '../session/SessionGate';

// The signed-in shell (navbar, guard, outlet) is its own chunk: the landing page does not carry it.
const ProtectedShell = lazy(() =>
  import('./ProtectedShell').then((module) => ({ default: module.ProtectedShell })),
);

/** The host's routes: landing page at "/", the guarded shell everywhere else. */
export function HostRoutes() {
  return (
    <SessionGate>
      <Routes>
        <Route path="/" element={<LandingRoute />} />
        <Route
          path="*"
          element={
            <Suspense fallback={<FullPageSpinner />}>
              <ProtectedShell />
            </Suspense>
          }
        />
      </Routes>
    </SessionGate>
  );
}
