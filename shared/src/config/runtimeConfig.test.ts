import { http, HttpResponse, setupApiServer } from '../testing';
import { getRuntimeConfig, installRuntimeConfig, loadRuntimeConfig } from './runtimeConfig';

const server = setupApiServer();

const searchRoute = {
  key: 'patient-search',
  path: '/patients',
  patientLevels: [1, 2, 3],
  nav: { section: 'patient', label: 'Search', order: 10 },
};
const valid = {
  apiBaseUrl: 'http://localhost:4000',
  socketUrl: 'http://localhost:4000',
  remotes: [
    {
      name: 'mf_patients',
      area: 'patients',
      areaLabel: 'Patients',
      manifestUrl: 'http://localhost:3001/mf-manifest.json',
      routes: [
        searchRoute,
        { key: 'patient-detail', path: '/patients/:patientId', patientLevels: [1, 2, 3] },
      ],
    },
  ],
};

/** `valid` with the first remote changed. */
const withRemote = (changes: Record<string, unknown>) => ({
  ...valid,
  remotes: [{ ...valid.remotes[0], ...changes }],
});
/** `valid` with the first route of the first remote changed. */
const withRoute = (changes: Record<string, unknown>) =>
  withRemote({ routes: [{ ...searchRoute, ...changes }] });

test('getRuntimeConfig before loading explains what to do', () => {
  expect(() => getRuntimeConfig()).toThrow('call loadRuntimeConfig() first');
});

test('loads /config.json from the page origin and keeps it', async () => {
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json(valid)));
  await expect(loadRuntimeConfig()).resolves.toEqual(valid);
  expect(getRuntimeConfig()).toEqual(valid);
});

test('an area is any name a remote declares', () => {
  const demo = withRemote({ name: 'mf_demo', area: 'demo', areaLabel: 'Demo' });
  expect(installRuntimeConfig(demo).remotes[0]).toMatchObject({ area: 'demo', areaLabel: 'Demo' });
});

test('a route declaration keeps every field it may carry', () => {
  const card = {
    title: 'Pagination',
    description: 'Paginate.',
    patientFeature: 'pagination',
    order: 70,
    patientQuery: true,
  };
  const route = {
    key: 'pagination',
    path: '/pagination',
    title: 'Pagination',
    feature: 'documents',
    adminOnly: false,
    needsPatient: true,
    patientLevels: [1, 2],
    nav: { section: 'documents', label: 'Pagination', order: 80, patientQuery: true },
    actionCard: card,
  };
  expect(installRuntimeConfig(withRemote({ routes: [route] })).remotes[0]?.routes).toEqual([route]);
});

test.each([
  [{ ...valid, apiBaseUrl: '' }, 'apiBaseUrl must be a non-empty string'],
  [{ ...valid, socketUrl: 3 }, 'socketUrl must be a non-empty string'],
  [{ ...valid, remotes: 'none' }, 'remotes must be a list'],
  [withRemote({ area: '' }), 'remotes[0].area must be a non-empty string'],
  [withRemote({ areaLabel: undefined }), 'remotes[0].areaLabel must be a non-empty string'],
  [withRemote({ manifestUrl: undefined }), 'remotes[0].manifestUrl'],
  [withRemote({ routes: ['/patients'] }), 'remotes[0].routes[0] must be an object'],
  [withRemote({ routes: undefined }), 'remotes[0].routes must be a list of route declarations'],
  [withRoute({ key: '' }), 'remotes[0].routes[0].key must be a non-empty string'],
  [withRoute({ path: 'patients' }), 'remotes[0].routes[0].path must be a path pattern'],
  [withRoute({ path: '/patients/' }), 'remotes[0].routes[0].path must be a path pattern'],
  [withRoute({ feature: 'billing' }), 'remotes[0].routes[0].feature must be one of documents, transcription'],
  [withRoute({ title: ' ' }), 'remotes[0].routes[0].title must be a non-empty string'],
  [withRoute({ adminOnly: 'yes' }), 'remotes[0].routes[0].adminOnly must be true or false'],
  [withRoute({ adminonly: true }), 'remotes[0].routes[0] has an unknown field "adminonly"'],
  [withRoute({ patientLevels: undefined }), 'remotes[0].routes[0].patientLevels must be a list of patient'],
  [withRoute({ patientLevels: [1, 4] }), 'remotes[0].routes[0].patientLevels must be a list of patient'],
  [withRoute({ patientLevels: [2, 3] }), 'remotes[0].routes[0].patientLevels must include 1'],
  [withRoute({ patientLevels: [1, 1] }), 'remotes[0].routes[0].patientLevels lists a level twice'],
  [
    withRoute({ nav: { section: 'patient', label: 'Search' } }),
    'remotes[0].routes[0].nav.order must be a number',
  ],
  [
    withRoute({ nav: { ...searchRoute.nav, icon: 'x' } }),
    'remotes[0].routes[0].nav has an unknown field "icon"',
  ],
  [
    withRoute({ path: '/users/:userId', nav: searchRoute.nav }),
    'remotes[0].routes[0].nav needs a path whose only parameter is ":patientId"',
  ],
  [
    withRoute({ actionCard: { title: 'T', description: 'D', patientFeature: 'billing', order: 1 } }),
    'remotes[0].routes[0].actionCard.patientFeature must be one of process-documents',
  ],
  [
    withRoute({ path: '/patients/:patientId/x', needsPatient: true }),
    'remotes[0].routes[0].needsPatient is for paths without ":patientId"',
  ],
  [
    withRemote({ routes: [searchRoute, { ...searchRoute, path: '/elsewhere' }] }),
    'remotes[0].routes[1].key "patient-search" is used twice',
  ],
  [
    { ...valid, remotes: [valid.remotes[0], { ...valid.remotes[0], name: 'mf_other' }] },
    'remotes[1].routes[0].path "/patients" is already declared by mf_patients ("/patients")',
  ],
  [
    withRemote({
      routes: [
        searchRoute,
        { key: 'p', path: '/patients/:id', patientLevels: [1] },
        valid.remotes[0]?.routes[1],
      ],
    }),
    'remotes[0].routes[2].path "/patients/:patientId" is already declared by mf_patients ("/patients/:id")',
  ],
  [
    { ...valid, remotes: [valid.remotes[0], valid.remotes[0]] },
    'remotes[1].name "mf_patients" is used twice',
  ],
  [[], 'the configuration must be a JSON object'],
])('an invalid configuration is refused with a clear error (%#)', async (body, message) => {
  server.use(http.get('http://localhost/app/config.json', () => HttpResponse.json(body)));
  await expect(loadRuntimeConfig('/app/config.json')).rejects.toThrow(
    `Invalid runtime configuration in /app/config.json: ${message}`,
  );
});

test('idleTimeoutMinutes is optional and kept when it is a sensible number of minutes', () => {
  expect(installRuntimeConfig(valid)).not.toHaveProperty('idleTimeoutMinutes');
  expect(installRuntimeConfig({ ...valid, idleTimeoutMinutes: 15 }).idleTimeoutMinutes).toBe(15);
  expect(installRuntimeConfig({ ...valid, idleTimeoutMinutes: 1.5 }).idleTimeoutMinutes).toBe(1.5);
  expect(installRuntimeConfig({ ...valid, idleTimeoutMinutes: 1440 }).idleTimeoutMinutes).toBe(1440);
});

test.each([[0], [1], [-30], [1441], ['30'], [null], [Number.NaN]])(
  'idleTimeoutMinutes %p is refused with a clear error',
  (idleTimeoutMinutes) => {
    expect(() => installRuntimeConfig({ ...valid, idleTimeoutMinutes })).toThrow(
      'idleTimeoutMinutes must be a number of minutes above 1 (the warning shows 1 minute before the end) ' +
        'and at most 1440; leave it out for 30',
    );
  },
);

test('a missing file is reported with the URL and status', async () => {
  server.use(http.get('http://localhost/config.json', () => new HttpResponse('Not found', { status: 404 })));
  await expect(loadRuntimeConfig()).rejects.toThrow(
    'Could not load the runtime configuration from /config.json: HTTP 404',
  );
});
