import { makePatient, makeUser } from '../testing/factories';
import type { Patient, PatientAccessLevel, User } from '../api/types';
import { declaredRoutes } from '../routing/declaredRoutes';
import { findRoute } from '../routing/findRoute';
import { generatedRuntimeConfig } from '../testing/generatedRuntimeConfig';
import { ACCESS_LEVELS } from './accessLevels';
import { checkRouteAccess } from './checkRouteAccess';

// The remotes' own declarations, as the build generates the runtime configuration from them.
const ROUTES = declaredRoutes(generatedRuntimeConfig());

/** The rule for the route that owns a path, as the guard applies it. */
function access(path: string, user: User | null, patient: Patient | null) {
  const route = findRoute(path, ROUTES);
  if (!route) throw new Error(`No declared route owns ${path}`);
  return checkRouteAccess(route, user, patient);
}

// One concrete path per declared route, and the user levels allowed on it, written out by hand:
// F = Full Access, S = Standard, T = Transcription Only, R = Read Only ('' = nobody but admins).
const EXPECTED: ReadonlyArray<[path: string, allowed: string]> = [
  ['/patients', 'FSTR'],
  ['/patients/7', 'FSTR'],
  ['/patients/7/dashboard', 'FSTR'],
  ['/patients/7/simplequery', 'FS'],
  ['/patients/7/chronology', 'FS'],
  ['/patients/7/record-review', 'FS'],
  ['/documents/process', 'FS'],
  ['/documents/search', 'FS'],
  ['/documents/patient/7', 'FS'],
  ['/patient/7/jobs', 'FS'],
  ['/pagination', 'FS'],
  ['/opinions/upload', 'F'],
  ['/opinions/query', 'F'],
  ['/opinion-documents', 'F'],
  ['/draft-report', 'FS'],
  ['/generative-docs', 'FS'],
  ['/prompt-edit', 'F'],
  ['/example-report', 'F'],
  ['/report-templates', 'F'],
  ['/structured-templates', 'F'],
  ['/secure-chatbot', 'FS'],
  ['/research-assistant', 'FS'],
  ['/transcription/live', 'FST'],
  ['/transcription/upload', 'FST'],
  ['/transcription/manage', 'FST'],
  ['/users', ''],
  ['/users/dashboard', 'FSTR'],
  ['/users/dashboard/5', 'FSTR'],
];

const LEVELS: ReadonlyArray<[letter: string, label: string]> = [
  ['F', 'Full Access'],
  ['S', 'Standard'],
  ['T', 'Transcription Only'],
  ['R', 'Read Only'],
];

const cases = LEVELS.flatMap(([letter, label]) =>
  EXPECTED.map(([path, allowed]) => ({ label, path, allowed: allowed.includes(letter) })),
);

test('the expectation table covers every declared route exactly once', () => {
  const covered = EXPECTED.map(([path]) => findRoute(path, ROUTES)?.path);
  expect([...covered].sort()).toEqual(ROUTES.map((route) => route.path).sort());
  expect(ACCESS_LEVELS.map((level) => level.label)).toEqual(LEVELS.map(([, label]) => label));
});

describe.each(cases)('a "$label" user on $path', ({ label, path, allowed }) => {
  const user = makeUser({ txt_access_level: label });

  test(allowed ? 'is allowed' : 'is denied with the level named', () => {
    const decision = access(path, user, null);
    if (allowed) {
      expect(decision).toEqual({ allowed: true });
    } else {
      expect(decision).toEqual({
        allowed: false,
        reason: path === '/users' ? 'admin-only' : 'user-level',
        levelLabel: label,
      });
    }
  });

  test('is allowed whatever the level when an Administrator', () => {
    expect(access(path, makeUser({ txt_access_level: label, Administrator: 'yes' }), null)).toEqual({
      allowed: true,
    });
  });

  test('as a group admin gets /users plus what the level gives', () => {
    const groupAdmin = makeUser({ txt_access_level: label, group_admin: 'yes' });
    expect(access(path, groupAdmin, null).allowed).toBe(path === '/users' ? true : allowed);
  });
});

describe('unknown or missing level labels count as Read Only', () => {
  test.each([['Superuser'], [''], [null]])('label %p', (label) => {
    const user = makeUser({ txt_access_level: label });
    for (const [path, allowed] of EXPECTED) {
      expect(access(path, user, null).allowed).toBe(allowed.includes('R'));
    }
    expect(access('/documents/process', user, null)).toEqual({
      allowed: false,
      reason: 'user-level',
      levelLabel: 'Read Only',
    });
  });

  test('labels are matched regardless of case and surrounding spaces', () => {
    expect(access('/prompt-edit', makeUser({ txt_access_level: ' full access ' }), null)).toEqual({
      allowed: true,
    });
  });

  test('no user at all is treated as Read Only', () => {
    expect(access('/patients', null, null)).toEqual({ allowed: true });
    expect(access('/documents/process', null, null)).toEqual({
      allowed: false,
      reason: 'user-level',
      levelLabel: 'Read Only',
    });
  });
});

describe('the selected patient level', () => {
  const fullAccessUser = makeUser({ txt_access_level: 'Full Access' });
  const patientAt = (access_level: PatientAccessLevel | undefined) => makePatient({ access_level });

  test('pagination only denies a document route and names the patient level', () => {
    expect(access('/documents/process', fullAccessUser, patientAt(2))).toEqual({
      allowed: false,
      reason: 'patient-level',
      levelLabel: 'Pagination only',
    });
  });

  test('view only denies the job list and names the patient level', () => {
    expect(access('/patient/7/jobs', fullAccessUser, patientAt(3))).toEqual({
      allowed: false,
      reason: 'patient-level',
      levelLabel: 'View only',
    });
  });

  test('pagination only still allows /pagination and the user dashboard', () => {
    expect(access('/pagination?patientId=7', fullAccessUser, patientAt(2))).toEqual({
      allowed: true,
    });
    expect(access('/users/dashboard/3', fullAccessUser, patientAt(2))).toEqual({ allowed: true });
  });

  test('the user-level rule is reported first when both deny', () => {
    const standard = makeUser({ txt_access_level: 'Standard' });
    expect(access('/prompt-edit', standard, patientAt(3))).toMatchObject({ reason: 'user-level' });
  });

  test('an Administrator passes whatever the patient level', () => {
    const admin: User = makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' });
    for (const [path] of EXPECTED) {
      expect(access(path, admin, patientAt(3))).toEqual({ allowed: true });
    }
  });

  test('a group admin is held to the patient level, even for /users', () => {
    const groupAdmin = makeUser({ group_admin: 'yes' });
    expect(access('/users', groupAdmin, patientAt(2))).toMatchObject({
      allowed: false,
      reason: 'patient-level',
    });
    expect(access('/users', groupAdmin, patientAt(1))).toEqual({ allowed: true });
  });

  test('undefined and full access add no restriction', () => {
    for (const level of [undefined, 1] as const) {
      for (const [path, allowed] of EXPECTED) {
        expect(access(path, fullAccessUser, patientAt(level)).allowed).toBe(allowed.includes('F'));
      }
    }
  });
});
