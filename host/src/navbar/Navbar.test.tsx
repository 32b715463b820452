import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerCall, delay, makePatient, makeUser, setupApiServer } from '@ewrt/shared/testing';
import { MESSAGES, sessionStore } from '@ewrt/shared';
import { renderHostAt } from '../testing/renderHostAt';

const server = setupApiServer();
jest.setTimeout(30_000);

async function openSection(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: label }));
  return screen.findByRole('menu');
}

describe('Navbar', () => {
  it('signs out from the initials button and returns to the landing page', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', {
      user: makeUser({ Name: 'Dr Asha Patel' }),
      selectedPatient: makePatient(),
    });
    const account = await screen.findByRole('button', { name: 'Sign out Dr Asha Patel, AP' });
    expect(account).toHaveTextContent('AP');

    await user.hover(account);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dr Asha Patel');

    await user.click(account);
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('selectedPatient')).toBeNull();
  });

  it('signing out revokes the token on the server, and a slow answer does not keep the user in', async () => {
    let reached: (authorization: string | null) => void = () => undefined;
    const revocation = new Promise<string | null>((resolve) => {
      reached = resolve;
    });
    server.use(
      answerCall('logout', async ({ request }) => {
        reached(request.headers.get('authorization'));
        await delay('infinite');
        return { message: 'Logged out' };
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', { user: makeUser({ Name: 'Dr Asha Patel' }) });
    await user.click(await screen.findByRole('button', { name: /^Sign out Dr Asha Patel/ }));
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
    expect(await revocation).toBe('Bearer test-token');
  });

  it('shows only the sections the access level grants', async () => {
    renderHostAt('/users/dashboard', { user: makeUser({ txt_access_level: 'Transcription Only' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const sections = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent?.trim());
    expect(sections).toEqual(['Patient', 'Transcription', 'Users']);
  });

  it('links to the selected patient and names them', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', {
      user: makeUser(),
      selectedPatient: makePatient({ ID_Patient: 42, FirstName: 'Alex', Surname: 'Example' }),
    });
    const dashboard = await screen.findByRole('link', {
      name: 'Dashboard Alex Example, the selected patient',
    });
    expect(dashboard).toHaveAttribute('href', '/patients/42/dashboard');
    expect(dashboard).toHaveTextContent('Alex Example');

    const menu = await openSection(user, 'Transcription');
    await user.click(within(menu).getByRole('menuitem', { name: 'Upload' }));
    expect(window.location.pathname).toBe('/transcription/upload');
    expect(window.location.search).toBe('?patientId=42');
  });

  it("says 'No patient selected...' instead of opening a patient screen when none is selected", async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', { user: makeUser() });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /, the selected patient$/ })).not.toBeInTheDocument();

    const menu = await openSection(user, 'Patient');
    await user.click(within(menu).getByRole('menuitem', { name: 'Job List' }));
    expect(await screen.findByText(MESSAGES.noPatientSelected)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/users/dashboard');
  });

  it('offers Manage users to group admins only', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', { user: makeUser({ group_admin: 'yes' }) });
    let menu = await openSection(user, 'Users');
    await user.click(within(menu).getByRole('menuitem', { name: 'Manage users' }));
    expect(window.location.pathname).toBe('/users');

    act(() => sessionStore.signIn('t', makeUser({ group_admin: 'no' })));
    menu = await openSection(user, 'Users');
    expect(within(menu).queryByRole('menuitem', { name: 'Manage users' })).not.toBeInTheDocument();
  });

  it('follows the menu button pattern: aria-expanded, Arrow keys, Home, End, Escape back to the button', async () => {
    const user = userEvent.setup({ delay: null });
    renderHostAt('/users/dashboard', { user: makeUser() });
    const patientButton = await screen.findByRole('button', { name: 'Patient' });
    expect(patientButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(patientButton).toHaveAttribute('aria-expanded', 'false');

    patientButton.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'Patient' });
    expect(patientButton).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.length).toBeGreaterThan(1);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[items.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(patientButton).toHaveAttribute('aria-expanded', 'false');
    expect(patientButton).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .at(-1),
    ).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('names the brand link and the account button after what they show', async () => {
    renderHostAt('/users/dashboard', { user: makeUser({ Name: 'Dr Asha Patel' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const brand = within(nav).getByRole('link', {
      name: 'EWRT, The Expert Witness Report Tool: Patient Search',
    });
    expect(brand).toHaveTextContent(/^EWRT$/);
    expect(screen.getByRole('button', { name: 'Sign out Dr Asha Patel, AP' })).toHaveTextContent(/^AP$/);
  });
});
