import { installRuntimeConfig } from '../config/runtimeConfig';
import { makeRuntimeConfig, PATIENTS_REMOTE, REPORTS_REMOTE } from '../testing/suiteRemotes';
import { declaredRoutes } from './declaredRoutes';
import { patientLink } from './patientLink';

describe('declaredRoutes', () => {
  test('lists every route of every remote with the remote that declares it, in configuration order', () => {
    const config = makeRuntimeConfig([PATIENTS_REMOTE, REPORTS_REMOTE]);
    const routes = declaredRoutes(config);
    expect(routes.map((route) => `${route.remote.name} ${route.path}`)).toEqual([
      ...PATIENTS_REMOTE.routes.map((route) => `mf_patients ${route.path}`),
      ...REPORTS_REMOTE.routes.map((route) => `mf_reports ${route.path}`),
    ]);
    expect(routes[0]).toMatchObject({ ...PATIENTS_REMOTE.routes[0], remote: { areaLabel: 'Patients' } });
  });

  test('reads the loaded runtime configuration by default, the same list on every call', () => {
    installRuntimeConfig(makeRuntimeConfig([REPORTS_REMOTE]));
    const first = declaredRoutes();
    expect(first.map((route) => route.key)).toEqual(REPORTS_REMOTE.routes.map((route) => route.key));
    expect(declaredRoutes()).toBe(first);
  });
});

describe('patientLink', () => {
  test('puts the patient id in the path', () => {
    expect(patientLink('/patients/:patientId/dashboard', 42)).toBe('/patients/42/dashboard');
    expect(patientLink('/patient/:patientId/jobs', 7)).toBe('/patient/7/jobs');
  });

  test('adds ?patientId= when asked', () => {
    expect(patientLink('/documents/process', 42, { patientQuery: true })).toBe(
      '/documents/process?patientId=42',
    );
    expect(patientLink('/draft-report', 42)).toBe('/draft-report');
  });

  test('replaces only the whole :patientId parameter', () => {
    expect(patientLink('/a/:patientIdentity', 1)).toBe('/a/:patientIdentity');
  });
});
