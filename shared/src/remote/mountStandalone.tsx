import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { configureApi } from '../api/apiClient';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { MESSAGES } from '../messages';
import { sessionStore } from '../session/sessionStore';
import { AppProviders } from '../ui/AppProviders';
import { AreaUnavailable } from '../ui/AreaUnavailable';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { areaLabelOf } from './areaLabelOf';

export interface StandaloneOptions {
  /** The remote's federation name, e.g. "mf_patients". */
  name: string;
  App: ComponentType;
  rootElement: HTMLElement;
  /** Where the remote's own runtime configuration lives. */
  configUrl?: string;
  areaLabel?: string;
}

function renderUnavailable(root: Root, areaLabel: string, error: unknown): void {
  root.render(
    <AppProviders>
      <AreaUnavailable
        areaLabel={areaLabel}
        detail={error instanceof Error ? error.message : String(error)}
        onRetry={() => window.location.reload()}
      />
    </AppProviders>,
  );
}

/**
 * A remote's own dev page: loads its /config.json, configures the API, restores the session, asks to
 * sign in when signed out, then renders the same tree as inside the host. The page itself is loaded on
 * demand, so the shared package's entry does not carry the router and the remote tree.
 */
export async function mountStandalone({
  name,
  App,
  rootElement,
  configUrl = '/config.json',
  areaLabel = areaLabelOf(name),
}: StandaloneOptions): Promise<Root> {
  const root = createRoot(rootElement);
  root.render(
    <AppProviders>
      <FullPageSpinner tip={MESSAGES.restoringSession} />
    </AppProviders>,
  );
  let StandaloneApp: typeof import('./StandaloneApp').StandaloneApp;
  try {
    const [config, page] = await Promise.all([loadRuntimeConfig(configUrl), import('./StandaloneApp')]);
    configureApi({ baseUrl: config.apiBaseUrl });
    StandaloneApp = page.StandaloneApp;
  } catch (error) {
    console.error(error);
    renderUnavailable(root, areaLabel, error);
    return root;
  }
  void sessionStore.restore();
  root.render(<StandaloneApp areaLabel={areaLabel} App={App} />);
  return root;
}
