import { render, type RenderResult } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import {
  AppProviders,
  selectedPatientStore,
  sessionStore,
  type Patient,
  type RuntimeConfig,
  type User,
} from '@ewrt/shared';
import { makeRuntimeConfig, provideRuntimeConfig } from '@ewrt/shared/testing';
import { HostRoutes } from '../app/HostRoutes';

export interface RenderHostOptions {
  user?: User;
  selectedPatient?: Patient;
  /** The runtime configuration the page loaded; by default the test kit's five fixture remotes. */
  config?: RuntimeConfig;
}

/**
 * Renders the host's routes as the page does (BrowserRouter on the jsdom URL) at `path`, with the
 * session, selection and runtime configuration primed. single-spa follows the same URL.
 */
export function renderHostAt(
  path: string,
  { user, selectedPatient, config = makeRuntimeConfig() }: RenderHostOptions = {},
): RenderResult {
  provideRuntimeConfig(config);
  window.history.pushState(null, '', path);
  if (user) sessionStore.signIn('test-token', user);
  if (selectedPatient) selectedPatientStore.select(selectedPatient);
  return render(
    <AppProviders>
      <BrowserRouter>
        <HostRoutes />
      </BrowserRouter>
    </AppProviders>,
  );
}
