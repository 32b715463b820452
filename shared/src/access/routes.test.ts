import { findRoute, matchPattern, ROUTES } from './routes';

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

describe('findRoute', () => {
  test.each([
    ['/patients/42/dashboard', '/patients/:patientId/dashboard'],
    ['/patients/42', '/patients/:patientId'],
    ['/users/dashboard', '/users/dashboard'],
    ['/users/dashboard/3', '/users/dashboard/:userId'],
    ['/users', '/users'],
    ['/pagination?patientId=4', '/pagination'],
    ['/transcription/live?patientId=4&loadTranscription=9', '/transcription/live'],
  ])('%s -> %s', (path, pattern) => {
    expect(findRoute(path)?.pattern).toBe(pattern);
  });

  test.each(['/', '/nowhere', '/dashboard', '/patient-management', '/opinion-processing', '/patients/1/2/3'])(
    '%s is not in the route table',
    (path) => {
      expect(findRoute(path)).toBeNull();
    },
  );

  test('every route pattern finds itself', () => {
    for (const route of ROUTES) {
      const path = route.pattern.replace(/:[^/]+/g, '9');
      expect(findRoute(path)).toBe(route);
    }
  });

  test('requirements of the route table', () => {
    expect(findRoute('/users')).toMatchObject({ area: 'admin', adminOnly: true });
    expect(findRoute('/users/dashboard')?.adminOnly).toBeFalsy();
    expect(findRoute('/opinion-documents')).toMatchObject({ area: 'documents', feature: 'advanced-tools' });
    expect(findRoute('/secure-chatbot')).toMatchObject({ area: 'reports', feature: 'tools' });
    expect(findRoute('/patients/1/simplequery')).toMatchObject({ area: 'documents', feature: 'documents' });
    expect(findRoute('/patients')?.feature).toBeUndefined();
  });

  test('a route that names the patient in its path never waits for a selected patient', () => {
    expect(findRoute('/patients/7/dashboard')?.needsPatient).toBeFalsy();
    expect(findRoute('/patients/7')?.needsPatient).toBeFalsy();
    expect(findRoute('/patient/7/jobs')?.needsPatient).toBeFalsy();
    expect(findRoute('/documents/patient/7')?.needsPatient).toBeFalsy();
    for (const route of ROUTES.filter((r) => r.pattern.includes(':patientId'))) {
      expect(route.needsPatient).toBeFalsy();
    }
  });

  test('patient screens without an id in the path need a patient', () => {
    for (const path of [
      '/draft-report',
      '/generative-docs',
      '/pagination',
      '/documents/search',
      '/transcription/live',
    ]) {
      expect(findRoute(path)?.needsPatient).toBe(true);
    }
  });
});
