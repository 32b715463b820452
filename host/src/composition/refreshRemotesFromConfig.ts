import { loadRuntimeConfig } from '@ewrt/shared';
import { registerFederatedRemotes } from './loadRemoteSpa';
import { addRemoteApplications, getConfiguredRemotes } from './remoteApplications';

/**
 * The Retry for an area that no configured remote owns: reads the runtime configuration again and
 * registers any remote that was deployed since the page loaded.
 */
export async function refreshRemotesFromConfig(): Promise<void> {
  const config = await loadRuntimeConfig();
  const known = new Set(getConfiguredRemotes().map((remote) => remote.name));
  const added = config.remotes.filter((remote) => !known.has(remote.name));
  if (added.length === 0) return;
  registerFederatedRemotes(added);
  addRemoteApplications(added);
}
