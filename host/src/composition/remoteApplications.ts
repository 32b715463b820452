import {
  addErrorHandler,
  getAppNames,
  registerApplication,
  triggerAppChange,
  unregisterApplication,
  type AppError,
  type LifeCycles,
} from 'single-spa';
import { selectedPatientStore, sessionStore, type RemoteConfig } from '@ewrt/shared';
import { resolveGuard } from '../guard/resolveGuard';
import { failedStatus } from './failedStatus';
import { loadRemoteSpa, REMOTE_LOAD_TIMEOUT_MS } from './loadRemoteSpa';
import { remoteContainer, waitForOutletElement } from './outletElement';
import { remoteStatusStore } from './remoteStatusStore';
import type { SpaLifecycles, SpaProps } from './spaLifecycles';
import { withTimeout } from './withTimeout';

let configuredRemotes: readonly RemoteConfig[] = [];
let errorHandlerInstalled = false;

/**
 * Whether a remote should be mounted for a path: the guard lets the signed-in user open the path now,
 * and the route that owns it (the most specific declared pattern) is one this remote declares.
 */
export function isRemoteActive(remote: RemoteConfig, path: string): boolean {
  const decision = resolveGuard(path, sessionStore.getState(), selectedPatientStore.getState());
  return decision.kind === 'allowed' && decision.route.remote.name === remote.name;
}

/** Wraps a remote's lifecycles so that the outlet status follows them and mounting waits for the outlet. */
function trackedLifecycles(remote: RemoteConfig, spa: SpaLifecycles): LifeCycles<SpaProps> {
  return {
    bootstrap: (props) => spa.bootstrap(props),
    mount: async (props) => {
      try {
        await waitForOutletElement(REMOTE_LOAD_TIMEOUT_MS);
        await withTimeout(
          spa.mount(props),
          REMOTE_LOAD_TIMEOUT_MS,
          `Showing it took longer than ${REMOTE_LOAD_TIMEOUT_MS / 1000} seconds.`,
        );
        remoteStatusStore.set(remote.name, { state: 'mounted' });
      } catch (error) {
        remoteStatusStore.set(remote.name, failedStatus(error));
        throw error;
      }
    },
    unmount: async (props) => {
      await spa.unmount(props);
      if (remoteStatusStore.get(remote.name).state === 'mounted') {
        remoteStatusStore.set(remote.name, { state: 'idle' });
      }
    },
  };
}

function registerRemoteApplication(remote: RemoteConfig, { fresh }: { fresh: boolean }): void {
  let nextLoadIsFresh = fresh;
  registerApplication<SpaProps>({
    name: remote.name,
    // single-spa calls this only when activeWhen is true: no remote is fetched before sign-in.
    app: async () => {
      remoteStatusStore.set(remote.name, { state: 'loading' });
      const attemptIsFresh = nextLoadIsFresh;
      // single-spa re-attempts a failed load on a later navigation: that attempt starts clean too.
      nextLoadIsFresh = true;
      try {
        const spa = await loadRemoteSpa(remote, { fresh: attemptIsFresh });
        nextLoadIsFresh = false;
        return trackedLifecycles(remote, spa);
      } catch (error) {
        remoteStatusStore.set(remote.name, failedStatus(error));
        throw error;
      }
    },
    activeWhen: (location) => isRemoteActive(remote, location.pathname),
    customProps: { domElementGetter: () => remoteContainer(remote.name) },
  });
}

/** Catches every failure single-spa reports (bootstrap, unmount, ...): the outlet shows the fallback. */
function installErrorHandler(): void {
  if (errorHandlerInstalled) return;
  errorHandlerInstalled = true;
  addErrorHandler((error: AppError) => {
    console.error(`The area "${error.appOrParcelName}" failed`, error);
    if (remoteStatusStore.get(error.appOrParcelName).state !== 'failed') {
      remoteStatusStore.set(error.appOrParcelName, failedStatus(error));
    }
  });
}

/** One single-spa application per configured remote; call before single-spa's start(). */
export function registerRemoteApplications(remotes: readonly RemoteConfig[]): void {
  installErrorHandler();
  configuredRemotes = remotes;
  remotes.forEach((remote) => registerRemoteApplication(remote, { fresh: false }));
}

/**
 * The Retry of the fallback: forgets the failed application (single-spa never retries a remote that
 * failed to mount) and registers it again with a fresh federation container, then re-evaluates.
 */
export async function retryRemote(remoteName: string): Promise<void> {
  const remote = configuredRemotes.find((candidate) => candidate.name === remoteName);
  if (!remote) return;
  remoteStatusStore.set(remoteName, { state: 'loading' });
  if (getAppNames().includes(remoteName)) {
    try {
      await unregisterApplication(remoteName);
    } catch (error) {
      console.error(`Could not unregister the area "${remoteName}" before retrying`, error);
    }
  }
  registerRemoteApplication(remote, { fresh: true });
  await triggerAppChange();
}
