import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePatient, makeUser, setupApiServer } from '@ewrt/shared/testing';
import { MESSAGES } from '@ewrt/shared';
import { renderHostAt } from '../testing/renderHostAt';

setupApiServer();
jest.setTimeout(30_000);

describe('the route guard', () => {
  it('sends a signed-out visitor of a protected path to the landing page', async () => {
    renderHostAt('/patients/3/dashboard');
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('sends an unknown path to "/", which takes a signed-in user on to /patients', async () => {
    renderHostAt('/patient-management', { user: makeUser() });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/patients');
  });

  it('shows Access Denied with the user level, Go Back and a way to Patient Search', async () => {
    const user = userEvent.setup({ delay: null });
    window.history.pushState(null, '', '/users/dashboard');
    renderHostAt('/documents/process', { user: makeUser({ txt_access_level: 'Transcription Only' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('Your access level (Transcription Only) does not permit access to this page.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Access Denied — The Expert Witness Report Tool');

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByText('Access Denied')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/users/dashboard');
  });

  it('sends Access Denied visitors on to Patient Search', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users', { user: makeUser({ txt_access_level: 'Standard' }) });
    expect(
      await screen.findByText('Your access level (Standard) does not permit access to this page.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Patient Search' }));
    expect(window.location.pathname).toBe('/patients');
  });

  it("names the selected patient's level when that is what denies the page", async () => {
    renderHostAt('/draft-report', { user: makeUser(), selectedPatient: makePatient({ access_level: 3 }) });
    expect(
      await screen.findByText(
        "The selected patient's access level (View only) does not permit access to this page.",
      ),
    ).toBeInTheDocument();
  });

  it('asks for a patient on a patient screen when none is selected', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/draft-report', { user: makeUser() });
    expect(await screen.findByText(MESSAGES.noPatientSelected)).toBeInTheDocument();
    expect(document.title).toBe('No patient selected — The Expert Witness Report Tool');
    await user.click(screen.getByRole('button', { name: 'Go to Patient Search' }));
    expect(window.location.pathname).toBe('/patients');
  });

  it('lets an allowed path through to the area outlet', async () => {
    renderHostAt('/users/dashboard', { user: makeUser({ txt_access_level: 'Read Only' }) });
    expect(await screen.findByRole('region', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it("names the browser tab after the route's declared title", async () => {
    renderHostAt('/patients', { user: makeUser() });
    expect(await screen.findByRole('region', { name: 'Patients' })).toBeInTheDocument();
    expect(document.title).toBe('Patient Search — The Expert Witness Report Tool');
  });

  it('offers a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/patients', { user: makeUser() });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.pathname).toBe('/patients');
  });
});
