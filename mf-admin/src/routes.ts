// The screens of the Users area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/AdminApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'admin';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Users';

export const routes = [
  {
    key: 'users-manage',
    path: '/users',
    title: 'User Management',
    // Administrators and group admins (shared's checkRouteAccess reads adminOnly as isAdmin).
    adminOnly: true,
    patientLevels: [1],
    nav: { section: 'users', label: 'Manage users', order: 20 },
  },
  {
    key: 'users-dashboard',
    path: '/users/dashboard',
    title: 'My Dashboard',
    patientLevels: [1, 2, 3],
    nav: { section: 'users', label: 'My Dashboard', order: 10 },
  },
  {
    key: 'users-dashboard-of',
    path: '/users/dashboard/:userId',
    title: 'User Dashboard',
    patientLevels: [1, 2, 3],
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type AdminAppRouteKey = (typeof routes)[number]['key'];
