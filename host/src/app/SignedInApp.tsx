import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import type { RemoteConfig } from '@ewrt/shared';
import { startComposition } from '../composition/startComposition';
import { notifyPathChanged } from '../navigation/currentPath';
import { HostRoutes } from './HostRoutes';

let compositionStarted = false;

/** Registers the remotes and starts single-spa, once per page (sign-out and sign-in re-evaluate it). */
export function startCompositionOnce(remotes: readonly RemoteConfig[]): void {
  if (compositionStarted) return;
  compositionStarted = true;
  startComposition(remotes);
}

/** Router navigations change the URL without popstate: the host's top level is told here. */
function ReportPathChanges() {
  const { pathname } = useLocation();
  useEffect(() => notifyPathChanged(), [pathname]);
  return null;
}

/** The signed-in product: the browser router around the host's routes. */
export function SignedInApp() {
  return (
    <BrowserRouter>
      <ReportPathChanges />
      <HostRoutes />
    </BrowserRouter>
  );
}
