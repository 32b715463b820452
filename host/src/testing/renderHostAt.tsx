import { render, type RenderResult } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, selectedPatientStore, sessionStore, type Patient, type User } from '@ewrt/shared';
import { HostRoutes } from '../app/HostRoutes';

export interface RenderHostOptions {
  user?: User;
  selectedPatient?: Patient;
}

/**
 * Renders the host's routes as the page does (BrowserRouter on the jsdom URL) at `path`, with the
 * session and selection primed. single-spa follows the same URL.
 */
export function renderHostAt(path: string, { user, selectedPatient }: RenderHostOptions = {}): RenderResult {
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
