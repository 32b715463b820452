// The screens of the Documents area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/DocumentsApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard,
// navbar and the patient dashboard's cards follow it too.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'documents';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Documents';

// ACC-06: the patient-scoped tools are for full-access patients only (and administrators), which is narrower
// than ACC-03's path rule for /patient/:patientId/jobs and /patients/:patientId/simplequery. The record bundle
// is the pagination-only level's one tool. The opinion screens are the user's own (the advanced tools of the
// access-level table); a selected patient limits them only as ACC-03's path rule says.
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
  {
    key: 'record-questions',
    path: '/patients/:patientId/simplequery',
    title: 'Query Medical Records',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Query Medical Records', order: 30 },
    actionCard: {
      title: 'Query Medical Records',
      description: "Ask questions about this patient's records and get answers that cite file and page.",
      patientFeature: 'query-records',
      order: 20,
    },
  },
  {
    // Beyond the spec: the medical chronology, for the same patients and users as the record questions.
    key: 'chronology',
    path: '/patients/:patientId/chronology',
    title: 'Medical Chronology',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Medical Chronology', order: 35 },
    actionCard: {
      title: 'Medical Chronology',
      description: "Every dated clinical event in this patient's records, in order, each citing its page.",
      patientFeature: 'query-records',
      order: 25,
    },
  },
  {
    // Beyond the spec: copies of documents set aside and what the records lack, for the chronology's users.
    key: 'record-review',
    path: '/patients/:patientId/record-review',
    title: 'Records Review',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Records Review', order: 37 },
    actionCard: {
      title: 'Records Review',
      description:
        'Find copies of the same document to set aside, and records mentioned but missing, gaps in care and missed appointments.',
      patientFeature: 'query-records',
      order: 27,
    },
  },
  {
    // The spec names the route and its card but not the screen: the paginated bundle of the patient's records. Like
    // the search screen it takes the patient from `?patientId=` (or the selected one) and asks for one itself.
    key: 'record-bundle',
    path: '/pagination',
    title: 'Record Bundle',
    feature: 'documents',
    patientLevels: [1, 2],
    nav: { section: 'documents', label: 'Record Bundle', order: 40, patientQuery: true },
    actionCard: {
      title: 'Pagination',
      description: "Order this patient's documents and produce one paginated PDF bundle with an index.",
      patientFeature: 'pagination',
      order: 70,
      patientQuery: true,
    },
  },
  {
    key: 'opinions-upload',
    path: '/opinions/upload',
    title: 'Opinion Document Processing',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Opinion Upload', order: 40 },
  },
  {
    key: 'opinions-query',
    path: '/opinions/query',
    title: 'Query Opinion Documents',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Opinion Query', order: 50 },
  },
  {
    key: 'opinion-documents',
    path: '/opinion-documents',
    title: 'Opinion Documents',
    feature: 'advanced-tools',
    patientLevels: [1, 2],
    nav: { section: 'tools', label: 'Opinion Documents', order: 60 },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type DocumentsAppRouteKey = (typeof routes)[number]['key'];
