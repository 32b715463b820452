import { compareSpecificity, findRoute, matchPattern, normalisePath, patternShape } from './findRoute';

describe('matchPattern', () => {
  test.each([
    ['/patients', '/patients', true],
    ['/patients', '/patients/', true],
    ['/patients', '/patients?x=1#top', true],
    ['/patients/:patientId', '/patients/42', true],
    ['/patients/:patientId', '/patients', false],
    ['/patients/:patientId', '/patients/42/dashboard', false],
    ['/patients/:patientId/dashboard', '/patients/42/dashboard', true],
    ['/users/dashboard/:userId', '/users/dashboard', false],
    ['/documents/process', '/documents/search', false],
  ])('%s vs %s -> %p', (pattern, path, expected) => {
    expect(matchPattern(pattern, path)).toBe(expected);
  });
});

test('normalisePath drops the query, the hash and a trailing slash', () => {
  expect(normalisePath('/patients/7/?tab=1#x')).toBe('/patients/7');
  expect(normalisePath('patients')).toBe('/patients');
  expect(normalisePath('/')).toBe('/');
});

describe('findRoute: the most specific pattern owns a path', () => {
  const routes = [
    { path: '/patients' },
    { path: '/patients/:patientId' },
    { path: '/patients/:patientId/:view' },
    { path: '/patients/:patientId/simplequery' },
    { path: '/users/:userId' },
    { path: '/users/dashboard' },
    { path: '/users/dashboard/:userId' },
  ];

  test.each([
    ['/patients', '/patients'],
    ['/patients/42', '/patients/:patientId'],
    ['/patients/42/simplequery', '/patients/:patientId/simplequery'],
    ['/patients/42/dashboard?tab=1', '/patients/:patientId/:view'],
    ['/users/dashboard', '/users/dashboard'],
    ['/users/7', '/users/:userId'],
    ['/users/dashboard/3/', '/users/dashboard/:userId'],
  ])('%s -> %s', (path, pattern) => {
    expect(findRoute(path, routes)?.path).toBe(pattern);
  });

  test('the declaration order does not change the owner', () => {
    const reversed = [...routes].reverse();
    expect(findRoute('/patients/42/simplequery', reversed)?.path).toBe('/patients/:patientId/simplequery');
    expect(findRoute('/users/dashboard', reversed)?.path).toBe('/users/dashboard');
  });

  test.each(['/', '/nowhere', '/patients/1/2/3', '/patient-management'])('%s has no owner', (path) => {
    expect(findRoute(path, routes)).toBeNull();
  });

  test('no routes, no owner', () => {
    expect(findRoute('/patients', [])).toBeNull();
  });
});

test('compareSpecificity: a static segment before a parameter at the first difference', () => {
  expect(compareSpecificity('/users/dashboard', '/users/:userId')).toBeLessThan(0);
  expect(compareSpecificity('/users/:userId', '/users/dashboard')).toBeGreaterThan(0);
  expect(compareSpecificity('/patients/:id/dashboard', '/patients/:id/dashboard')).toBe(0);
});

test('patternShape makes patterns that match the same paths equal', () => {
  expect(patternShape('/patients/:patientId/')).toBe(patternShape('/patients/:id'));
  expect(patternShape('/patients/:patientId')).not.toBe(patternShape('/patients/dashboard'));
});
