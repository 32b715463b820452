// The screens of the Reports area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/ReportsApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'reports';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Reports';

// Part 1 §5: a pagination-only patient may open none of the authoring screens (patientLevelsUnderSpec); they are
// the user's own or their group's, so they need no patient. The user feature is generative AI (part 3 §6).
export const routes = [
  {
    key: 'report-prompts',
    path: '/prompt-edit',
    title: 'Draft Report Prompts',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Draft Report Prompts', order: 30 },
  },
  {
    key: 'style-document',
    path: '/example-report',
    title: 'Style Document',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Style Document', order: 40 },
  },
  {
    key: 'report-templates',
    path: '/report-templates',
    title: 'Report Templates',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Report Templates', order: 50 },
  },
  {
    key: 'structured-templates',
    path: '/structured-templates',
    title: 'Structured Report Templates',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Structured Templates', order: 60 },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type ReportsAppRouteKey = (typeof routes)[number]['key'];
