import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Patient, User } from '../api/types';
import { sessionStore } from '../session/sessionStore';
import { selectedPatientStore } from '../session/selectedPatientStore';
import { AppProviders } from '../ui/AppProviders';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial location of the MemoryRouter; "/" by default. */
  route?: string;
  /** Signs this user in (token "test-token") before rendering. */
  user?: User;
  /** Selects this patient before rendering. */
  selectedPatient?: Patient;
}

/** Renders inside AppProviders and a MemoryRouter, with the session and selection primed. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user, selectedPatient, ...options }: RenderWithProvidersOptions = {},
): RenderResult {
  if (user) sessionStore.signIn('test-token', user);
  if (selectedPatient) selectedPatientStore.select(selectedPatient);
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
    options,
  );
}
