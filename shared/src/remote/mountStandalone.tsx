import { Button, Result } from 'antd';
import { useState, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { configureApi } from '../api/apiClient';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { MESSAGES } from '../messages';
import { sessionStore } from '../session/sessionStore';
import { useSession } from '../session/useSession';
import { AppProviders } from '../ui/AppProviders';
import { AreaUnavailable } from '../ui/AreaUnavailable';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { SignInModal } from '../ui/signIn/SignInModal';
import { RemoteTree, areaLabelOf } from './RemoteTree';

export interface StandaloneOptions {
  /** The remote's federation name, e.g. "mf_patients". */
  name: string;
  App: ComponentType;
  rootElement: HTMLElement;
  /** Where the remote's own runtime configuration lives. */
  configUrl?: string;
  areaLabel?: string;
}

function StandaloneSignIn() {
  const [open, setOpen] = useState(true);
  return (
    <AppProviders>
      <Result
        status="403"
        title="Please sign in"
        subTitle="This page is the area's own development page; sign in to use it."
        extra={
          <Button type="primary" onClick={() => setOpen(true)}>
            Sign in
          </Button>
        }
      />
      <SignInModal open={open} onClose={() => setOpen(false)} onSignedIn={() => setOpen(false)} />
    </AppProviders>
  );
}

function StandaloneApp({ areaLabel, App }: { areaLabel: string; App: ComponentType }) {
  const session = useSession();
  if (session.status === 'restoring') {
    return (
      <AppProviders>
        <FullPageSpinner tip={MESSAGES.restoringSession} />
      </AppProviders>
    );
  }
  if (session.status === 'signed-out') return <StandaloneSignIn />;
  return <RemoteTree areaLabel={areaLabel} App={App} />;
}

/**
 * A remote's own dev page: loads its /config.json, configures the API, restores the session, asks to
 * sign in when signed out, then renders the same tree as inside the host.
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
  try {
    const config = await loadRuntimeConfig(configUrl);
    configureApi({ baseUrl: config.apiBaseUrl });
  } catch (error) {
    console.error(error);
    root.render(
      <AppProviders>
        <AreaUnavailable
          areaLabel={areaLabel}
          detail={error instanceof Error ? error.message : String(error)}
          onRetry={() => window.location.reload()}
        />
      </AppProviders>,
    );
    return root;
  }
  void sessionStore.restore();
  root.render(<StandaloneApp areaLabel={areaLabel} App={App} />);
  return root;
}
