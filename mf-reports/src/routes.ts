// The screens of the Reports area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/ReportsApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'reports';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Reports';

// The authoring screens are the advanced tools of the access-level table (README "Access levels"): senior experts
// set up their group's prompts and their own style and templates; drafting itself (part 3b) is generative AI. They
// need no patient; a selected patient narrows them only as part 1 §5 says (report templates stay open to a
// pagination-only patient, the others do not).
export const routes = [
  {
    key: 'report-prompts',
    path: '/prompt-edit',
    title: 'Draft Report Prompts',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Prompts', order: 30 },
  },
  {
    key: 'style-document',
    path: '/example-report',
    title: 'Style Document',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Style Document', order: 32 },
  },
  {
    key: 'report-templates',
    path: '/report-templates',
    title: 'Report Templates',
    feature: 'advanced-tools',
    patientLevels: [1, 2],
    nav: { section: 'tools', label: 'Report Templates', order: 34 },
  },
  {
    key: 'structured-templates',
    path: '/structured-templates',
    title: 'Structured Report Templates',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Structured Templates', order: 36 },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type ReportsAppRouteKey = (typeof routes)[number]['key'];
