import { lazy, Suspense } from 'react';
import { AppProviders, FullPageSpinner, getRuntimeConfig, useSession } from '@ewrt/shared';
import { LandingPage } from '../landing/LandingPage';
import { useCurrentPath } from '../navigation/currentPath';
import { SessionGate } from '../session/SessionGate';

// The signed-in product (router, guard, navbar, composition of the remotes) is one chunk that the
// landing page never loads. Loading it starts the composition: single-spa and the federation runtime's
// remote registrations are needed from then on, never before (no remote is fetched before sign-in).
const SignedInApp = lazy(async () => {
  const module = await import('./SignedInApp');
  module.startCompositionOnce(getRuntimeConfig().remotes);
  return { default: module.SignedInApp };
});

/** Landing page for a signed-out visitor at "/", the signed-in product (loaded on demand) otherwise. */
function HostSwitch() {
  const pathname = useCurrentPath();
  const { status } = useSession();
  if (pathname === '/' && status !== 'signed-in') return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}

/** The host's own React root: antd providers, the session restore gate, then landing or product. */
export function HostApp() {
  return (
    <AppProviders>
      <SessionGate>
        <HostSwitch />
      </SessionGate>
    </AppProviders>
  );
}
