import { patientFeatures } from '../access/patientAccess';
import { makePatient } from '../testing/factories';
import type { PatientAccessLevel } from '../api/types';
import { PATIENT_ACCESS } from '../constants';
import { generatedRuntimeConfig } from '../testing/generatedRuntimeConfig';
import { declaredRoutes } from './declaredRoutes';
import { patientLevelsUnderSpec } from './patientLevelsUnderSpec';

// The oracle: ACC-03 as the specification words it, prefix lists and all. Prefixes match whole
// path segments ("/users" covers "/users/x", not "/usersettings").
const SPEC_PAGINATION_ONLY_DENIED = [
  '/documents',
  '/transcription',
  '/generative-docs',
  '/secure-chatbot',
  '/research-assistant',
  '/users',
  '/example-report',
  '/structured-templates',
  '/prompt-edit',
  '/opinions',
  '/draft-report',
];
const SPEC_PAGINATION_ONLY_EXCEPTION = '/users/dashboard';
const SPEC_VIEW_ONLY_ALLOWED = ['/patients', '/users/dashboard'];

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function specLevels(path: string): PatientAccessLevel[] {
  const levels: PatientAccessLevel[] = [1];
  const denied =
    SPEC_PAGINATION_ONLY_DENIED.some((prefix) => underPrefix(path, prefix)) &&
    !underPrefix(path, SPEC_PAGINATION_ONLY_EXCEPTION);
  if (!denied) levels.push(2);
  if (SPEC_VIEW_ONLY_ALLOWED.some((prefix) => underPrefix(path, prefix))) levels.push(3);
  return levels;
}

/** A concrete path for a pattern: every parameter filled in. */
const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, '7');

// The screens the route table of SHELL-01 lists beyond the patient list.
const SPEC_PATHS = [
  '/patients/7/simplequery',
  '/documents/process',
  '/documents/search',
  '/documents/patient/7',
  '/patient/7/jobs',
  '/pagination',
  '/opinions/upload',
  '/opinions/query',
  '/opinion-documents',
  '/draft-report',
  '/generative-docs',
  '/prompt-edit',
  '/example-report',
  '/report-templates',
  '/structured-templates',
  '/secure-chatbot',
  '/research-assistant',
  '/transcription/live',
  '/transcription/upload',
  '/transcription/manage',
  '/users',
  '/users/dashboard',
  '/users/dashboard/5',
];

describe('the declared patientLevels agree with ACC-03', () => {
  const generated = declaredRoutes(generatedRuntimeConfig());

  test('the generated configuration declares routes (the check below is not empty)', () => {
    expect(generated.length).toBeGreaterThan(0);
  });

  // ACC-06 narrows the route rule for a screen whose dashboard card is a full-access patient tool (the card's
  // feature is not among the lower level's patient features): a remote may then declare fewer levels, never more.
  // Full access always opens a route (ACC-06: a full-access patient may use every resource type), even one
  // whose card only a lower level is shown, such as Pagination.
  test.each(generated.map((route) => [route.remote.name, route.path, route]))(
    '%s %s (generated from the remote)',
    (_remote, path, route) => {
      const card = route.actionCard;
      const expected = specLevels(concrete(path)).filter(
        (level) =>
          level === PATIENT_ACCESS.FULL ||
          !card ||
          patientFeatures(null, makePatient({ access_level: level })).includes(card.patientFeature),
      );
      expect(route.patientLevels).toEqual(expected);
    },
  );
});

describe('patientLevelsUnderSpec gives the spec answer', () => {
  test.each(SPEC_PATHS)('for %s, a screen of the route table', (path) => {
    expect(patientLevelsUnderSpec(path)).toEqual(specLevels(path));
  });

  test.each([
    '/patients',
    '/patients/7',
    '/patients/7/dashboard',
    '/usersettings',
    '/users/dashboardx',
    '/x',
  ])('for %s', (path) => {
    expect(patientLevelsUnderSpec(path)).toEqual(specLevels(path));
  });

  test('for a pattern as for a path', () => {
    expect(patientLevelsUnderSpec('/patient/:patientId/jobs')).toEqual([1, 2]);
  });
});

// The rule written out by hand per path: 2 = pagination only, 3 = view only (1 always may).
const BY_HAND: ReadonlyArray<[path: string, level2: boolean, level3: boolean]> = [
  ['/documents/process', false, false],
  ['/documents/search', false, false],
  ['/documents/patient/7', false, false],
  ['/transcription/live', false, false],
  ['/transcription/upload', false, false],
  ['/transcription/manage', false, false],
  ['/generative-docs', false, false],
  ['/secure-chatbot', false, false],
  ['/research-assistant', false, false],
  ['/users', false, false],
  ['/example-report', false, false],
  ['/structured-templates', false, false],
  ['/prompt-edit', false, false],
  ['/opinions/upload', false, false],
  ['/opinions/query', false, false],
  ['/draft-report', false, false],
  ['/users/dashboard', true, true],
  ['/users/dashboard/12', true, true],
  ['/patients', true, true],
  ['/patients/7', true, true],
  ['/patients/7/dashboard', true, true],
  ['/patients/7/simplequery', true, true],
  ['/patient/7/jobs', true, false],
  ['/pagination', true, false],
  ['/pagination?patientId=7', true, false],
  ['/report-templates', true, false],
  ['/opinion-documents', true, false],
  ['/usersettings', true, false],
  ['/users/dashboardx', false, false],
];

test.each(BY_HAND)('%s: pagination only %p, view only %p', (path, level2, level3) => {
  const levels = patientLevelsUnderSpec(path);
  expect(levels.includes(1)).toBe(true);
  expect(levels.includes(2)).toBe(level2);
  expect(levels.includes(3)).toBe(level3);
});
