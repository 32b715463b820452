import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, SHARED_VERSION } from '@ewrt/shared';
import { http, HttpResponse, PATIENTS_REMOTE, setupApiServer } from '@ewrt/shared/testing';
import { loadRemoteSpa, RemoteRefusedError } from './loadRemoteSpa';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const server = setupApiServer();
const loadRemoteMock = jest.mocked(loadRemote);

const lifecycles = {
  bootstrap: () => Promise.resolve(),
  mount: () => Promise.resolve(),
  unmount: () => Promise.resolve(),
};

/** The manifest a remote built by tooling/webpack.app.cjs serves, built for the given versions. */
function builtManifest({ shared, contract }: { shared: string; contract: string }) {
  return {
    id: 'mf_patients',
    name: 'mf_patients',
    metaData: {
      name: 'mf_patients',
      globalName: 'mf_patients',
      contract: { name: '@ewrt/contract', version: contract, requiredVersion: `^${contract}` },
    },
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: '@ewrt/shared', version: shared, requiredVersion: `^${shared}`, singleton: true },
    ],
    remotes: [],
    exposes: [{ id: 'mf_patients:spa', name: 'spa', path: './spa' }],
  };
}

function serveManifest(manifest: object): void {
  server.use(http.get(PATIENTS_REMOTE.manifestUrl, () => HttpResponse.json(manifest)));
}

function nextMajor(version: string): string {
  return `${Number(version.split('.')[0]) + 1}.0.0`;
}

beforeEach(() => {
  loadRemoteMock.mockResolvedValue(lifecycles);
});

it('loads the ./spa module of a remote built for the versions this host provides', async () => {
  serveManifest(builtManifest({ shared: SHARED_VERSION, contract: CONTRACT_VERSION }));

  await expect(loadRemoteSpa(PATIENTS_REMOTE, { fresh: true })).resolves.toBe(lifecycles);
  expect(registerRemotes).toHaveBeenCalledWith(
    [{ name: 'mf_patients', entry: PATIENTS_REMOTE.manifestUrl }],
    { force: true },
  );
  expect(loadRemoteMock).toHaveBeenCalledWith('mf_patients/spa');
  expect(init).not.toHaveBeenCalled();
});

it('refuses a remote built for another @ewrt/shared without loading any of its code', async () => {
  const required = `^${nextMajor(SHARED_VERSION)}`;
  serveManifest(builtManifest({ shared: nextMajor(SHARED_VERSION), contract: CONTRACT_VERSION }));

  const loading = loadRemoteSpa(PATIENTS_REMOTE, { fresh: false });

  await expect(loading).rejects.toBeInstanceOf(RemoteRefusedError);
  await expect(loading).rejects.toThrow(
    `It was built for @ewrt/shared ${required}, but this site provides ${SHARED_VERSION}.`,
  );
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

it('refuses a remote built against another @ewrt/contract without loading any of its code', async () => {
  const required = `^${nextMajor(CONTRACT_VERSION)}`;
  serveManifest(builtManifest({ shared: SHARED_VERSION, contract: nextMajor(CONTRACT_VERSION) }));

  const loading = loadRemoteSpa(PATIENTS_REMOTE, { fresh: false });

  await expect(loading).rejects.toBeInstanceOf(RemoteRefusedError);
  await expect(loading).rejects.toThrow(
    `It was built for @ewrt/contract ${required}, but this site provides ${CONTRACT_VERSION}.`,
  );
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

it('refuses a remote whose manifest does not name its contract', async () => {
  const { metaData, ...manifest } = builtManifest({ shared: SHARED_VERSION, contract: CONTRACT_VERSION });
  serveManifest({ ...manifest, metaData: { ...metaData, contract: undefined } });

  await expect(loadRemoteSpa(PATIENTS_REMOTE, { fresh: false })).rejects.toThrow(
    'It does not say which @ewrt/contract version it was built against.',
  );
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

it('refuses a compatible remote whose ./spa module is not single-spa lifecycles', async () => {
  serveManifest(builtManifest({ shared: SHARED_VERSION, contract: CONTRACT_VERSION }));
  loadRemoteMock.mockResolvedValue({ default: 'not lifecycles' });

  await expect(loadRemoteSpa(PATIENTS_REMOTE, { fresh: false })).rejects.toBeInstanceOf(RemoteRefusedError);
});
