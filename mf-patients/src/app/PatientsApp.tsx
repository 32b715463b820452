import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PatientSearchPage } from '../features/search-dashboard/PatientSearchPage';
import { routes, type PatientsRouteKey } from '../routes';
import { ScreenLoading } from '@ewrt/shared/kit';

// The first screen of the area is the patient search: the patient's own pages load when opened.
const PatientDetailPage = lazy(() =>
  import('../features/detail/PatientDetailPage').then((module) => ({ default: module.PatientDetailPage })),
);
const PatientDashboardPage = lazy(() =>
  import('../features/dashboard/PatientDashboardPage').then((module) => ({
    default: module.PatientDashboardPage,
  })),
);

/** The screen of each declared route (src/routes.ts); the compiler insists on one per key. */
const SCREENS: Record<PatientsRouteKey, ReactElement> = {
  'patient-search': <PatientSearchPage />,
  'patient-detail': <PatientDetailPage />,
  'patient-dashboard': <PatientDashboardPage />,
};

/**
 * The patient area's routes, as declared in src/routes.ts. The shell mounts this remote only on those
 * paths; on any other path (for instance while leaving for another area) it renders nothing and lets
 * the owner take over.
 */
export function PatientsApp() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.key} path={route.path} element={SCREENS[route.key]} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
