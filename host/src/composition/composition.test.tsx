import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAppNames, unregisterApplication } from 'single-spa';
import {
  ADMIN_REMOTE,
  makeRuntimeConfig,
  makeUser,
  PATIENTS_REMOTE,
  setupApiServer,
} from '@ewrt/shared/testing';
import { sessionStore, type RemoteConfig } from '@ewrt/shared';
import { renderHostAt } from '../testing/renderHostAt';
import { loadRemoteSpa, RemoteRefusedError } from './loadRemoteSpa';
import { remoteStatusStore } from './remoteStatusStore';
import type { SpaLifecycles, SpaProps } from './spaLifecycles';
import { startComposition } from './startComposition';

// The federation runtime is never touched in a unit test: the one module that talks to it is replaced.
jest.mock('./loadRemoteSpa', () => ({
  REMOTE_LOAD_TIMEOUT_MS: 20_000,
  RemoteRefusedError: class RemoteRefusedError extends Error {},
  loadRemoteSpa: jest.fn(),
  registerFederatedRemotes: jest.fn(),
}));

setupApiServer();
jest.setTimeout(30_000);

const loadRemoteSpaMock = jest.mocked(loadRemoteSpa);

const patientsRemote: RemoteConfig = PATIENTS_REMOTE;
const adminRemote: RemoteConfig = ADMIN_REMOTE;
/** A deployment with these remotes only: the guard and single-spa read the same configuration. */
const deployed = (...remotes: RemoteConfig[]) => ({ config: makeRuntimeConfig(remotes) });

/** Lifecycles of a fake remote that writes its name into the element the host gives it. */
function fakeRemote(text: string, { failMount = false } = {}): SpaLifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async (props: SpaProps) => {
      if (failMount) throw new Error('The patients screen crashed while mounting.');
      const element = (props.domElementGetter as (p: SpaProps) => HTMLElement)(props);
      element.textContent = text;
    },
    unmount: async (props: SpaProps) => {
      (props.domElementGetter as (p: SpaProps) => HTMLElement)(props).textContent = '';
    },
  };
}

let stopComposition: () => void = () => undefined;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  stopComposition();
  await act(async () => {
    await Promise.all(getAppNames().map((name) => unregisterApplication(name)));
  });
  act(() => remoteStatusStore.reset());
});

describe('composition of the remotes', () => {
  it('fetches no remote before sign-in, then mounts the owning remote into the outlet', async () => {
    loadRemoteSpaMock.mockResolvedValue(fakeRemote('Patient Search (patients remote)'));
    renderHostAt('/', deployed(patientsRemote, adminRemote));
    stopComposition = startComposition([patientsRemote, adminRemote]);
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
    expect(loadRemoteSpaMock).not.toHaveBeenCalled();

    act(() => sessionStore.signIn('t', makeUser()));
    expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/patients');
    expect(loadRemoteSpaMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteSpaMock).toHaveBeenCalledWith(patientsRemote, { fresh: false });
    const outlet = screen.getByTestId('area-outlet');
    expect(within(outlet).getByText('Patient Search (patients remote)')).toBeInTheDocument();
  });

  it('sends a path that no configured remote declares to "/", and so on to /patients', async () => {
    loadRemoteSpaMock.mockResolvedValue(fakeRemote('Patient Search (patients remote)'));
    renderHostAt('/users/dashboard', { user: makeUser(), ...deployed(patientsRemote) });
    stopComposition = startComposition([patientsRemote]);
    expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/patients');
    expect(loadRemoteSpaMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteSpaMock).toHaveBeenCalledWith(patientsRemote, { fresh: false });
  });

  it('mounts the remote that declares the path, naming its area while it loads', async () => {
    let finishLoading: (spa: SpaLifecycles) => void = () => undefined;
    loadRemoteSpaMock.mockReturnValueOnce(new Promise<SpaLifecycles>((resolve) => (finishLoading = resolve)));
    renderHostAt('/users/dashboard', { user: makeUser(), ...deployed(patientsRemote, adminRemote) });
    stopComposition = startComposition([patientsRemote, adminRemote]);
    expect(await screen.findByText('Loading Users...')).toBeInTheDocument();
    expect(loadRemoteSpaMock).toHaveBeenCalledTimes(1);
    expect(loadRemoteSpaMock).toHaveBeenCalledWith(adminRemote, { fresh: false });
    act(() => finishLoading(fakeRemote('My Dashboard (admin remote)')));
    expect(await screen.findByText('My Dashboard (admin remote)')).toBeInTheDocument();
  });

  it('shows the fallback when loading fails, keeps the navbar working, and Retry really loads again', async () => {
    const user = userEvent.setup({ delay: null });
    // Every load after the first failed one succeeds, so the test does not lean on what an earlier test left.
    loadRemoteSpaMock
      .mockResolvedValue(fakeRemote('Patient Search (patients remote)'))
      .mockRejectedValueOnce(new SyntaxError("Unexpected token '<'"));
    renderHostAt('/patients', { user: makeUser(), ...deployed(patientsRemote, adminRemote) });
    stopComposition = startComposition([patientsRemote, adminRemote]);

    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(
      screen.getByText("The server answered with a web page instead of the area's code."),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(loadRemoteSpaMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
    expect(loadRemoteSpaMock).toHaveBeenLastCalledWith(patientsRemote, { fresh: true });
  });

  it('shows the fallback when a remote fails to mount, and Retry mounts it afresh', async () => {
    const user = userEvent.setup({ delay: null });
    loadRemoteSpaMock
      .mockResolvedValueOnce(fakeRemote('never shown', { failMount: true }))
      .mockResolvedValueOnce(fakeRemote('Patient Search (patients remote)'));
    renderHostAt('/patients', { user: makeUser(), ...deployed(patientsRemote) });
    stopComposition = startComposition([patientsRemote]);

    expect(await screen.findByText('The patients screen crashed while mounting.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
  });

  it('refuses a remote built against an incompatible shared contract with the same fallback, without Retry', async () => {
    loadRemoteSpaMock.mockRejectedValue(
      new RemoteRefusedError('It was built for @ewrt/shared ^2.0.0, but this site provides 1.0.0.'),
    );
    renderHostAt('/patients', { user: makeUser(), ...deployed(patientsRemote) });
    stopComposition = startComposition([patientsRemote]);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(screen.getByText(/built for @ewrt\/shared \^2\.0\.0/)).toBeInTheDocument();
    // Loading it again would be refused again: only a redeployment helps.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps other areas working while one remote is broken', async () => {
    const user = userEvent.setup({ delay: null });
    loadRemoteSpaMock.mockImplementation(async (remote) => {
      if (remote.name === 'mf_patients') throw new Error('Its manifest answered HTTP 502.');
      return fakeRemote('My Dashboard (admin remote)');
    });
    renderHostAt('/patients', { user: makeUser(), ...deployed(patientsRemote, adminRemote) });
    stopComposition = startComposition([patientsRemote, adminRemote]);
    expect(await screen.findByText('Its manifest answered HTTP 502.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Users' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My Dashboard' }));
    expect(await screen.findByText('My Dashboard (admin remote)')).toBeInTheDocument();
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
  });

  it('unmounts the remote when the user signs out', async () => {
    loadRemoteSpaMock.mockResolvedValue(fakeRemote('Patient Search (patients remote)'));
    renderHostAt('/patients', { user: makeUser(), ...deployed(patientsRemote) });
    stopComposition = startComposition([patientsRemote]);
    expect(await screen.findByText('Patient Search (patients remote)')).toBeInTheDocument();
    act(() => sessionStore.signOut());
    await waitFor(() =>
      expect(screen.queryByText('Patient Search (patients remote)')).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
  });
});
