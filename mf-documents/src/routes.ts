// The screens of the Documents area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/DocumentsApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard,
// navbar and the patient dashboard's cards follow it too.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'documents';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Documents';

// Part 2 §6: the patient-scoped tools are for full-access patients only (and administrators), which is narrower
// than part 1 §5's path rule for /patient/:patientId/jobs.
export const routes = [
  {
    key: 'documents-process',
    path: '/documents/process',
    title: 'Process Documents',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Process Documents', order: 10, patientQuery: true },
    actionCard: {
      title: 'Process Documents',
      description: 'Upload medical documents to be extracted, chunked and indexed for questions.',
      patientFeature: 'process-documents',
      order: 10,
      patientQuery: true,
    },
  },
  {
    key: 'documents-search',
    path: '/documents/search',
    title: 'Search Documents',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Search Documents', order: 20, patientQuery: true },
    actionCard: {
      title: 'Search Documents',
      description: "Find, filter and download this patient's processed documents.",
      patientFeature: 'search-documents',
      order: 50,
      patientQuery: true,
    },
  },
  {
    key: 'documents-vectors',
    path: '/documents/patient/:patientId',
    title: 'Vector Management',
    feature: 'documents',
    patientLevels: [1],
    actionCard: {
      title: 'Vector Management',
      description: "Review this patient's indexed documents, delete them and rebuild the index.",
      patientFeature: 'vector-management',
      order: 30,
    },
  },
  {
    key: 'patient-jobs',
    path: '/patient/:patientId/jobs',
    title: 'Background Jobs',
    feature: 'documents',
    patientLevels: [1],
    actionCard: {
      title: 'Background Job List',
      description: 'Follow processing jobs, their progress and their logs, and cancel them.',
      patientFeature: 'background-jobs',
      order: 40,
    },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type DocumentsAppRouteKey = (typeof routes)[number]['key'];
