import { http, HttpResponse, setupApiServer } from '../testing';
import { getRuntimeConfig, loadRuntimeConfig } from './runtimeConfig';

const server = setupApiServer();

const valid = {
  apiBaseUrl: 'http://localhost:4000',
  socketUrl: 'http://localhost:4000',
  remotes: [
    {
      name: 'mf_patients',
      area: 'patients',
      manifestUrl: 'http://localhost:3001/mf-manifest.json',
      routes: ['/patients', '/patients/:patientId'],
    },
  ],
};

test('getRuntimeConfig before loading explains what to do', () => {
  expect(() => getRuntimeConfig()).toThrow('call loadRuntimeConfig() first');
});

test('loads /config.json from the page origin and keeps it', async () => {
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json(valid)));
  await expect(loadRuntimeConfig()).resolves.toEqual(valid);
  expect(getRuntimeConfig()).toEqual(valid);
});

test.each([
  [{ ...valid, apiBaseUrl: '' }, 'apiBaseUrl must be a non-empty string'],
  [{ ...valid, socketUrl: 3 }, 'socketUrl must be a non-empty string'],
  [{ ...valid, remotes: 'none' }, 'remotes must be a list'],
  [{ ...valid, remotes: [{ ...valid.remotes[0], area: 'billing' }] }, 'remotes[0].area must be one of'],
  [
    { ...valid, remotes: [{ ...valid.remotes[0], routes: ['patients'] }] },
    'remotes[0].routes must be a list',
  ],
  [{ ...valid, remotes: [{ ...valid.remotes[0], manifestUrl: undefined }] }, 'remotes[0].manifestUrl'],
  [[], 'the configuration must be a JSON object'],
])('an invalid configuration is refused with a clear error (%#)', async (body, message) => {
  server.use(http.get('http://localhost/app/config.json', () => HttpResponse.json(body)));
  await expect(loadRuntimeConfig('/app/config.json')).rejects.toThrow(
    `Invalid runtime configuration in /app/config.json: ${message}`,
  );
});

test('a missing file is reported with the URL and status', async () => {
  server.use(http.get('http://localhost/config.json', () => new HttpResponse('Not found', { status: 404 })));
  await expect(loadRuntimeConfig()).rejects.toThrow(
    'Could not load the runtime configuration from /config.json: HTTP 404',
  );
});
