import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  answerCall,
  http,
  HttpResponse,
  makeUser,
  PATIENTS_REMOTE,
  setupApiServer,
  TEST_API_BASE_URL,
} from '@ewrt/shared/testing';
import { loadRuntimeConfig, sessionStore, type RemoteConfig } from '@ewrt/shared';
import { loadRemoteSpa } from '../composition/loadRemoteSpa';
import type { SpaLifecycles, SpaProps } from '../composition/spaLifecycles';
import { HostApp } from './HostApp';

// The federation runtime is never touched in a unit test: the one module that talks to it is replaced.
jest.mock('../composition/loadRemoteSpa', () => ({
  REMOTE_LOAD_TIMEOUT_MS: 20_000,
  RemoteRefusedError: class RemoteRefusedError extends Error {},
  loadRemoteSpa: jest.fn(),
  registerFederatedRemotes: jest.fn(),
}));

const server = setupApiServer();
jest.setTimeout(45_000);

const patientsRemote: RemoteConfig = PATIENTS_REMOTE;

const patientsScreen: SpaLifecycles = {
  bootstrap: async () => undefined,
  mount: async (props: SpaProps) => {
    (props.domElementGetter as (p: SpaProps) => HTMLElement)(props).textContent =
      'Patient Search (patients remote)';
  },
  unmount: async (props: SpaProps) => {
    (props.domElementGetter as (p: SpaProps) => HTMLElement)(props).textContent = '';
  },
};

beforeEach(async () => {
  server.use(
    http.get('http://localhost/config.json', () =>
      HttpResponse.json({
        apiBaseUrl: TEST_API_BASE_URL,
        socketUrl: TEST_API_BASE_URL,
        remotes: [patientsRemote],
      }),
    ),
  );
  await loadRuntimeConfig('/config.json');
  jest.mocked(loadRemoteSpa).mockResolvedValue(patientsScreen);
});

test('the landing page, then signing in from it shows the product at /patients with the remote mounted', async () => {
  const user = userEvent.setup({ delay: null });
  server.use(answerCall('login', () => ({ token: 'tok-1', user: makeUser({ Name: 'Dr Asha Patel' }) })));
  window.history.replaceState(null, '', '/');
  render(<HostApp />);
  expect(document.title).toBe('The Expert Witness Report Tool');

  await user.click(screen.getByRole('button', { name: 'GET STARTED' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login to the product' });
  expect(loadRemoteSpa).not.toHaveBeenCalled();
  await user.type(within(dialog).getByLabelText('Username'), 'dr.patel');
  await user.type(within(dialog).getByLabelText('Password'), 'DemoPass!2026');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('button', { name: 'Sign out Dr Asha Patel, AP' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/patients');
  expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
  expect(document.title).toBe('Patient Search — The Expert Witness Report Tool');
  expect(loadRemoteSpa).toHaveBeenCalledWith(patientsRemote, { fresh: false });

  // Signing out from the shell returns to the landing page and unmounts the remote.
  await user.click(screen.getByRole('button', { name: 'Sign out Dr Asha Patel, AP' }));
  expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/');
  expect(screen.queryByText('Patient Search (patients remote)')).not.toBeInTheDocument();
});

test('a signed-in visitor at "/" goes on to /patients', async () => {
  window.history.replaceState(null, '', '/');
  act(() => sessionStore.signIn('tok-2', makeUser({ Name: 'Sam Hughes' })));
  render(<HostApp />);
  expect(await screen.findByRole('button', { name: 'Sign out Sam Hughes, SH' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/patients');
  expect(screen.queryByRole('button', { name: 'GET STARTED' })).not.toBeInTheDocument();
});
