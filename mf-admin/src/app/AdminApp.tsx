import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes, type AdminAppRouteKey } from '../routes';
import { ScreenLoading } from '@ewrt/shared/kit';

// Every user opens their dashboard; only administrators and group admins open user management, so each
// screen loads when first opened.
const UserManagementPage = lazy(() =>
  import('../features/user-list/UserManagementPage').then((module) => ({
    default: module.UserManagementPage,
  })),
);
const UserDashboardPage = lazy(() =>
  import('../features/dashboard/UserDashboardPage').then((module) => ({ default: module.UserDashboardPage })),
);

/** The screen of each declared route (src/routes.ts); the compiler insists on one per key. */
const SCREENS: Record<AdminAppRouteKey, ReactElement> = {
  'users-manage': <UserManagementPage />,
  'users-dashboard': <UserDashboardPage />,
  'users-dashboard-of': <UserDashboardPage />,
};

/**
 * The Users area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function AdminApp() {
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
