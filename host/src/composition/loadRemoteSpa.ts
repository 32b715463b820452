// The only module that talks to the Module Federation runtime. Tests mock it; nothing else imports the
// runtime, and the host never imports a remote by name at build time.
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, SHARED_VERSION, type RemoteConfig } from '@ewrt/shared';
import { checkRemoteCompatibility } from './remoteCompatibility';
import { isSpaLifecycles, type SpaLifecycles } from './spaLifecycles';
import { withTimeout } from './withTimeout';

/** A remote that answers but must not be loaded (incompatible shared or API contract, wrong exports). */
export class RemoteRefusedError extends Error {
  override name = 'RemoteRefusedError';
}

/** Longest wait for a remote's manifest, entry and `./spa` module before showing the fallback. */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

const EXPOSED_MODULE = 'spa';

function federationEntry(remote: RemoteConfig) {
  return { name: remote.name, entry: remote.manifestUrl };
}

/**
 * Makes the remotes of the runtime configuration known to the federation runtime of this host (its
 * instance is the one webpack created; `init` merges into it). Nothing is fetched here.
 */
export function registerFederatedRemotes(remotes: readonly RemoteConfig[]): void {
  init({ name: 'host', remotes: remotes.map(federationEntry) });
}

async function fetchManifest(remote: RemoteConfig): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(remote.manifestUrl, { cache: 'no-store' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Its manifest ${remote.manifestUrl} could not be fetched (${reason}).`, { cause: error });
  }
  if (!response.ok) {
    throw new Error(`Its manifest ${remote.manifestUrl} answered HTTP ${response.status}.`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new Error(
      `Its manifest ${remote.manifestUrl} is not JSON (the server answered with something else).`,
      {
        cause: error,
      },
    );
  }
}

async function loadLifecycles(remote: RemoteConfig, fresh: boolean): Promise<SpaLifecycles> {
  const manifest = await fetchManifest(remote);
  const compatibility = checkRemoteCompatibility(manifest, {
    shared: SHARED_VERSION,
    contract: CONTRACT_VERSION,
  });
  if (!compatibility.compatible) throw new RemoteRefusedError(compatibility.detail);

  // After a failure the runtime still holds the broken container, entry promise and manifest:
  // re-registering with force clears them so a retry really fetches again.
  if (fresh) registerRemotes([federationEntry(remote)], { force: true });

  const module = await loadRemote<unknown>(`${remote.name}/${EXPOSED_MODULE}`);
  if (!isSpaLifecycles(module)) {
    throw new RemoteRefusedError(`Its "./${EXPOSED_MODULE}" module does not export single-spa lifecycles.`);
  }
  return module;
}

/**
 * Loads a remote's single-spa lifecycles: reads its manifest first (refusing a remote built for an
 * incompatible `@ewrt/shared` or `@ewrt/contract`), then loads `<name>/spa` through the federation
 * runtime. `fresh` discards what an earlier, failed attempt left in the runtime. Rejects after
 * REMOTE_LOAD_TIMEOUT_MS at the latest.
 */
export function loadRemoteSpa(remote: RemoteConfig, { fresh }: { fresh: boolean }): Promise<SpaLifecycles> {
  return withTimeout(
    loadLifecycles(remote, fresh),
    REMOTE_LOAD_TIMEOUT_MS,
    `Loading it took longer than ${REMOTE_LOAD_TIMEOUT_MS / 1000} seconds.`,
  );
}
