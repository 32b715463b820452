import type { Root } from 'react-dom/client';
import { configureApi, loadRuntimeConfig, sessionStore, type RuntimeConfig } from '@ewrt/shared';
import { HostApp } from './HostApp';
import { StartupError } from './StartupError';

/**
 * Starts the suite: runtime configuration, API, the session restore and the host's React root. The
 * remotes and single-spa start with the signed-in product (HostApp), which the landing page never loads.
 */
export async function startHost(root: Root): Promise<void> {
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig('/config.json');
  } catch (error) {
    console.error('The runtime configuration could not be loaded', error);
    root.render(<StartupError detail={error instanceof Error ? error.message : String(error)} />);
    return;
  }

  configureApi({ baseUrl: config.apiBaseUrl });
  // From the first paint on: the landing page follows a sign-in in another tab too.
  sessionStore.followOtherTabs();
  void sessionStore.restore();
  root.render(<HostApp />);
}
