import { Button, Result } from 'antd';
import { useState, type ComponentType } from 'react';
import { MESSAGES } from '../messages';
import { useSession } from '../session/useSession';
import { AppProviders } from '../ui/AppProviders';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { SignInModal } from '../ui/signIn/SignInModal';
import { RemoteTree } from './RemoteTree';

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

/** A remote's own dev page once configured: restoring, sign-in when signed out, else the remote tree. */
export function StandaloneApp({ areaLabel, App }: { areaLabel: string; App: ComponentType }) {
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
