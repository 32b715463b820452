import type { RouteEntry } from './types';

/** The route table of part 1 §2.1 with the requirement each route carries (team contract). */
export const ROUTES: readonly RouteEntry[] = [
  { pattern: '/patients', area: 'patients' },
  { pattern: '/patients/:patientId', area: 'patients' },
  { pattern: '/patients/:patientId/dashboard', area: 'patients' },
  { pattern: '/patients/:patientId/simplequery', area: 'documents', feature: 'documents' },
  { pattern: '/documents/process', area: 'documents', feature: 'documents' },
  { pattern: '/documents/search', area: 'documents', feature: 'documents', needsPatient: true },
  { pattern: '/documents/patient/:patientId', area: 'documents', feature: 'documents' },
  { pattern: '/patient/:patientId/jobs', area: 'documents', feature: 'documents' },
  { pattern: '/pagination', area: 'documents', feature: 'documents', needsPatient: true },
  { pattern: '/opinions/upload', area: 'documents', feature: 'advanced-tools' },
  { pattern: '/opinions/query', area: 'documents', feature: 'advanced-tools' },
  { pattern: '/opinion-documents', area: 'documents', feature: 'advanced-tools' },
  { pattern: '/draft-report', area: 'reports', feature: 'generative-ai', needsPatient: true },
  { pattern: '/generative-docs', area: 'reports', feature: 'generative-ai', needsPatient: true },
  { pattern: '/prompt-edit', area: 'reports', feature: 'advanced-tools' },
  { pattern: '/example-report', area: 'reports', feature: 'advanced-tools' },
  { pattern: '/report-templates', area: 'reports', feature: 'advanced-tools' },
  { pattern: '/structured-templates', area: 'reports', feature: 'advanced-tools' },
  { pattern: '/secure-chatbot', area: 'reports', feature: 'tools' },
  { pattern: '/research-assistant', area: 'reports', feature: 'tools' },
  { pattern: '/transcription/live', area: 'transcription', feature: 'transcription', needsPatient: true },
  { pattern: '/transcription/upload', area: 'transcription', feature: 'transcription', needsPatient: true },
  { pattern: '/transcription/manage', area: 'transcription', feature: 'transcription', needsPatient: true },
  { pattern: '/users', area: 'admin', adminOnly: true },
  { pattern: '/users/dashboard', area: 'admin' },
  { pattern: '/users/dashboard/:userId', area: 'admin' },
];

/** The path part of a location: no query, no hash, no trailing slash (except for "/"). */
export function normalisePath(path: string): string {
  const withoutSuffix = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = withoutSuffix.startsWith('/') ? withoutSuffix : `/${withoutSuffix}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

function segmentsOf(path: string): string[] {
  return normalisePath(path).split('/').filter(Boolean);
}

/** True when the path matches the pattern segment by segment (":name" matches any one segment). */
export function matchPattern(pattern: string, path: string): boolean {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(path);
  if (wanted.length !== actual.length) return false;
  return wanted.every((segment, i) => segment.startsWith(':') || segment === actual[i]);
}

/** Static segments outrank parameters, compared from the left: "/users/dashboard" beats "/users/:id". */
function compareSpecificity(a: string, b: string): number {
  const aSegments = segmentsOf(a);
  const bSegments = segmentsOf(b);
  for (let i = 0; i < aSegments.length; i += 1) {
    const aParam = aSegments[i]?.startsWith(':') ?? false;
    const bParam = bSegments[i]?.startsWith(':') ?? false;
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/** The route-table entry for a path (most specific pattern wins), or null when the path is not in the table. */
export function findRoute(path: string): RouteEntry | null {
  const matches = ROUTES.filter((route) => matchPattern(route.pattern, path));
  if (matches.length === 0) return null;
  return [...matches].sort((a, b) => compareSpecificity(a.pattern, b.pattern))[0] ?? null;
}

/** True when the path is the prefix or continues it with a "/" (segment-wise prefix match). */
export function hasPathPrefix(path: string, prefix: string): boolean {
  const normalised = normalisePath(path);
  return normalised === prefix || normalised.startsWith(`${prefix}/`);
}
