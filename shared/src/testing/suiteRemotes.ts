// Fixture declarations of five remotes for tests of the rules that read route declarations (guard, navbar,
// dashboard cards). They are deliberately not the remotes' current declarations: together they exercise every rule
// (features, admin-only, patient levels 2 and 3, needsPatient, patientQuery), and a remote's change of label or order
// does not ripple through those tests. The remotes' own declarations are checked against the same rules in
// host/src/guard/routeDeclarations.test.ts and shared/src/access/checkRouteAccess.test.ts.
import { installRuntimeConfig } from '../config/runtimeConfig';
import type { RemoteConfig, RuntimeConfig } from '../config/types';
import type { RouteDeclaration } from '../routing/types';
import { TEST_API_BASE_URL } from './apiServer';

function remote(name: string, area: string, areaLabel: string, routes: RouteDeclaration[]): RemoteConfig {
  return { name, area, areaLabel, manifestUrl: `http://${area}.test/mf-manifest.json`, routes };
}

export const PATIENTS_REMOTE = remote('mf_patients', 'patients', 'Patients', [
  {
    key: 'patient-search',
    path: '/patients',
    title: 'Patient Search',
    patientLevels: [1, 2, 3],
    nav: { section: 'patient', label: 'Search', order: 10 },
  },
  { key: 'patient-detail', path: '/patients/:patientId', title: 'Patient Details', patientLevels: [1, 2, 3] },
  {
    key: 'patient-dashboard',
    path: '/patients/:patientId/dashboard',
    title: 'Patient Dashboard',
    patientLevels: [1, 2, 3],
    nav: { section: 'patient', label: 'Dashboard', order: 20 },
  },
]);

export const DOCUMENTS_REMOTE = remote('mf_documents', 'documents', 'Documents', [
  {
    key: 'documents-process',
    path: '/documents/process',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Process Documents', order: 10 },
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
    feature: 'documents',
    needsPatient: true,
    patientLevels: [1],
    nav: { section: 'documents', label: 'Search Documents', order: 20 },
    actionCard: {
      title: 'Search Documents',
      description: "Search the text of this patient's documents.",
      patientFeature: 'search-documents',
      order: 50,
      patientQuery: true,
    },
  },
  {
    key: 'documents-vectors',
    path: '/documents/patient/:patientId',
    feature: 'documents',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Vector Management', order: 30 },
    actionCard: {
      title: 'Vector Management',
      description: "Review and manage this patient's indexed documents.",
      patientFeature: 'vector-management',
      order: 30,
    },
  },
  {
    key: 'record-query',
    path: '/patients/:patientId/simplequery',
    feature: 'documents',
    patientLevels: [1, 2, 3],
    nav: { section: 'documents', label: 'Query Medical Records', order: 40 },
    actionCard: {
      title: 'Query Medical Records',
      description: "Ask questions about this patient's processed records.",
      patientFeature: 'query-records',
      order: 20,
    },
  },
  {
    key: 'patient-jobs',
    path: '/patient/:patientId/jobs',
    feature: 'documents',
    patientLevels: [1, 2],
    nav: { section: 'patient', label: 'Job List', order: 30 },
    actionCard: {
      title: 'Background Job List',
      description: 'Follow processing jobs, their progress and their logs.',
      patientFeature: 'background-jobs',
      order: 40,
    },
  },
  {
    key: 'pagination',
    path: '/pagination',
    feature: 'documents',
    needsPatient: true,
    patientLevels: [1, 2],
    actionCard: {
      title: 'Pagination',
      description: "Paginate and organise this patient's documents.",
      patientFeature: 'pagination',
      order: 70,
      patientQuery: true,
    },
  },
  {
    key: 'opinions-upload',
    path: '/opinions/upload',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Opinion Upload', order: 50 },
  },
  {
    key: 'opinions-query',
    path: '/opinions/query',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'documents', label: 'Opinion Query', order: 60 },
  },
  {
    key: 'opinion-documents',
    path: '/opinion-documents',
    feature: 'advanced-tools',
    patientLevels: [1, 2],
    nav: { section: 'documents', label: 'Opinion Documents', order: 70 },
  },
]);

export const REPORTS_REMOTE = remote('mf_reports', 'reports', 'Reports', [
  {
    key: 'draft-report',
    path: '/draft-report',
    feature: 'generative-ai',
    needsPatient: true,
    patientLevels: [1],
    nav: { section: 'generative-ai', label: 'Draft Report', order: 10 },
  },
  {
    key: 'generative-docs',
    path: '/generative-docs',
    feature: 'generative-ai',
    needsPatient: true,
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
    feature: 'tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Secure Chatbot', order: 10 },
  },
  {
    key: 'research-assistant',
    path: '/research-assistant',
    feature: 'tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Research Assistant', order: 20 },
  },
  {
    key: 'prompt-edit',
    path: '/prompt-edit',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Prompts', order: 30 },
  },
  {
    key: 'example-report',
    path: '/example-report',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Style Document', order: 32 },
  },
  {
    key: 'report-templates',
    path: '/report-templates',
    feature: 'advanced-tools',
    patientLevels: [1, 2],
    nav: { section: 'tools', label: 'Report Templates', order: 34 },
  },
  {
    key: 'structured-templates',
    path: '/structured-templates',
    feature: 'advanced-tools',
    patientLevels: [1],
    nav: { section: 'tools', label: 'Structured Templates', order: 36 },
  },
]);

export const TRANSCRIPTION_REMOTE = remote('mf_transcription', 'transcription', 'Transcription', [
  ...(
    [
      ['live', 'Live'],
      ['upload', 'Upload'],
      ['manage', 'Manage'],
    ] as const
  ).map(([screen, label], index): RouteDeclaration => ({
    key: `transcription-${screen}`,
    path: `/transcription/${screen}`,
    feature: 'transcription',
    needsPatient: true,
    patientLevels: [1],
    nav: { section: 'transcription', label, order: (index + 1) * 10, patientQuery: true },
  })),
]);

export const ADMIN_REMOTE = remote('mf_admin', 'admin', 'Users', [
  {
    key: 'users-manage',
    path: '/users',
    adminOnly: true,
    patientLevels: [1],
    nav: { section: 'users', label: 'Manage users', order: 20 },
  },
  {
    key: 'users-dashboard',
    path: '/users/dashboard',
    patientLevels: [1, 2, 3],
    nav: { section: 'users', label: 'My Dashboard', order: 10 },
  },
  { key: 'users-dashboard-of', path: '/users/dashboard/:userId', patientLevels: [1, 2, 3] },
]);

/** Every fixture remote, patients first. */
export const SUITE_REMOTES: readonly RemoteConfig[] = [
  PATIENTS_REMOTE,
  DOCUMENTS_REMOTE,
  REPORTS_REMOTE,
  TRANSCRIPTION_REMOTE,
  ADMIN_REMOTE,
];

/** A runtime configuration on the test API with these remotes (all five by default). */
export function makeRuntimeConfig(remotes: readonly RemoteConfig[] = SUITE_REMOTES): RuntimeConfig {
  return { apiBaseUrl: TEST_API_BASE_URL, socketUrl: TEST_API_BASE_URL, remotes: [...remotes] };
}

/** Validates and installs a runtime configuration as if the page had loaded it (all five remotes by default). */
export function provideRuntimeConfig(config: RuntimeConfig = makeRuntimeConfig()): RuntimeConfig {
  return installRuntimeConfig(config);
}
