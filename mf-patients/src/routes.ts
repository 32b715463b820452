// The screens of the patients area, declared once (docs/adr/0002-route-declarations.md). Pure data: the
// router (app/PatientsApp.tsx) renders it, and the runtime configuration is generated from it, so the
// host's guard and navbar follow it too.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'patients';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Patients';

export const routes = [
  {
    key: 'patient-search',
    path: '/patients',
    title: 'Patient Search',
    patientLevels: [1, 2, 3],
    nav: { section: 'patient', label: 'Search', order: 10 },
  },
  {
    key: 'patient-detail',
    path: '/patients/:patientId',
    title: 'Patient Details',
    patientLevels: [1, 2, 3],
  },
  {
    key: 'patient-dashboard',
    path: '/patients/:patientId/dashboard',
    title: 'Patient Dashboard',
    patientLevels: [1, 2, 3],
    nav: { section: 'patient', label: 'Dashboard', order: 20 },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type PatientsRouteKey = (typeof routes)[number]['key'];
