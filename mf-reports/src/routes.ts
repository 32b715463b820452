// The screens of the Reports area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/ReportsApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'reports';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Reports';

// Drafting is generative AI and works on a patient: the screens take ?patientId= or the selected patient and say
// themselves when there is none (DRF-01). The chatbot and the research assistant are tools that read no patient
// data. The authoring screens are the advanced tools of the access-level table (README "Access levels"): senior
// experts set up their group's prompts and their own style and templates. A selected patient narrows every screen
// as ACC-03 says (report templates stay open to a pagination-only patient, the others do not).
export const routes = [
  {
    key: 'draft-report',
    path: '/draft-report',
    title: 'Draft Report',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Draft Report', order: 10 },
  },
  {
    key: 'generated-reports',
    path: '/generative-docs',
    title: 'Generated Reports',
    feature: 'generative-ai',
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Generated Reports', order: 20 },
    actionCard: {
      title: 'View Draft Reports',
      description: 'Open the draft reports generated for this patient.',
      patientFeature: 'draft-reports',
      order: 60,
      patientQuery: true,
    },
  },
  {
    key: 'secure-chatbot',
    path: '/secure-chatbot',
    title: 'Secure Chatbot',
    feature: 'tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Secure Chatbot', order: 10 },
  },
  {
    key: 'research-assistant',
    path: '/research-assistant',
    title: 'Research Assistant',
    feature: 'tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Research Assistant', order: 20 },
  },
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
