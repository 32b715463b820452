import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedUser, UserUpdate } from '@ewrt/contract';
import { sessionStore, type User } from '@ewrt/shared';
import {
  answerCall,
  apiUrl,
  http,
  HttpResponse,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { AdminApp } from '../../app/AdminApp';
import { LocationDisplay } from '../testing-support/LocationDisplay';
import { makeManagedUser } from '../testing-support/makeManagedUser';

jest.setTimeout(60_000);
const slow = { timeout: 10_000 };

const ASHA = makeManagedUser({ ID_User: 3, ContactNumber: null });
const OKAFOR = makeManagedUser({
  ID_User: 7,
  Name: 'Dr Chidi Okafor',
  Username: 'dr.okafor',
  Email: 'chidi@example.test',
  Group: 2,
  Group_Name: 'Riverside Expert Practice (demo)',
});
const known = new Map<number, ManagedUser>([
  [3, ASHA],
  [7, OKAFOR],
]);
const requested: string[] = [];
const updates: UserUpdate[] = [];

const server = setupApiServer(
  answerCall('getUser', ({ params }) => {
    requested.push(String(params.id));
    const found = known.get(Number(params.id));
    return found
      ? HttpResponse.json({ user: found })
      : HttpResponse.json({ message: 'User not found' }, { status: 404 });
  }),
  answerCall('updateUser', async ({ request, params }) => {
    const body = (await request.json()) as UserUpdate;
    updates.push(body);
    const current = known.get(Number(params.id)) ?? ASHA;
    return HttpResponse.json({
      message: 'User updated successfully',
      user: { ...current, Name: body.Name, ContactNumber: body.ContactNumber ?? null },
    });
  }),
);

beforeEach(() => {
  provideRuntimeConfig();
  requested.length = 0;
  updates.length = 0;
});

function renderDashboard(route: string, viewer: User) {
  renderWithProviders(
    <>
      <AdminApp />
      <LocationDisplay />
    </>,
    { route, user: viewer },
  );
  return userEvent.setup();
}

const actionTitles = async () => {
  const list = await screen.findByRole('list', { name: 'Dashboard actions' }, slow);
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
};

describe('whose dashboard', () => {
  it("shows one's own information and account when the path names nobody", async () => {
    renderDashboard('/users/dashboard', makeUser({ ID_User: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr Asha Patel' }, slow)).toBeInTheDocument();
    expect(requested).toEqual(['3']);
    expect(screen.getByText('My dashboard')).toBeInTheDocument();
    const userInfo = screen.getByText('User Information').closest('.ant-card') as HTMLElement;
    expect(userInfo).toHaveTextContent('dr.patel');
    expect(userInfo).toHaveTextContent('asha.patel@example.test');
    expect(userInfo).toHaveTextContent('Contact numberNot given');
    const account = screen.getByText('Account Information').closest('.ant-card') as HTMLElement;
    expect(account).toHaveTextContent('Northgate Medico-Legal (demo)');
    expect(account).toHaveTextContent('User');
    expect(account).toHaveTextContent('Full Access');
    expect(account).toHaveTextContent('Active');
    expect(account).toHaveTextContent('Set up');
    expect(account).toHaveTextContent('Date added01/06/2025');
    expect(account).toHaveTextContent('Last sign-in05/01/2026');
  });

  it("refuses an ordinary user another user's dashboard without asking the server", async () => {
    renderDashboard('/users/dashboard/7', makeUser({ ID_User: 3 }));
    expect(
      await screen.findByText('You do not have permission to access this user dashboard', {}, slow),
    ).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('refuses a group admin a user who turns out to be of another group', async () => {
    const groupAdmin = makeUser({ ID_User: 2, group_admin: 'yes', Group: 1 });
    renderDashboard('/users/dashboard/7', groupAdmin);
    expect(
      await screen.findByText('You do not have permission to access this user dashboard', {}, slow),
    ).toBeInTheDocument();
    expect(requested).toEqual(['7']);
    expect(screen.queryByText('Dr Chidi Okafor')).not.toBeInTheDocument();
  });

  it('shows the permission message on a 403 too', async () => {
    const groupAdmin = makeUser({ ID_User: 2, group_admin: 'yes', Group: 1 });
    server.use(
      http.get(apiUrl('/api/users/8'), () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    renderDashboard('/users/dashboard/8', groupAdmin);
    expect(
      await screen.findByText('You do not have permission to access this user dashboard', {}, slow),
    ).toBeInTheDocument();
  });

  it('lets a group admin see a user of their group', async () => {
    renderDashboard('/users/dashboard/3', makeUser({ ID_User: 2, group_admin: 'yes', Group: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr Asha Patel' }, slow)).toBeInTheDocument();
  });

  it("lets an administrator see anyone's dashboard, without My Profile", async () => {
    renderDashboard('/users/dashboard/7', makeUser({ ID_User: 1, Administrator: 'yes' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dr Chidi Okafor' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('User dashboard')).toBeInTheDocument();
    expect(await actionTitles()).not.toContain('My Profile');
  });

  it("says 'User not found' for an unknown user", async () => {
    renderDashboard('/users/dashboard/99', makeUser({ ID_User: 1, Administrator: 'yes' }));
    expect(await screen.findByText('User not found', {}, slow)).toBeInTheDocument();
    expect(requested).toEqual(['99']);
  });

  it("says 'User not found' for a malformed id without asking the server", async () => {
    renderDashboard('/users/dashboard/abc', makeUser({ ID_User: 1, Administrator: 'yes' }));
    expect(await screen.findByText('User not found', {}, slow)).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('says when the user cannot be loaded', async () => {
    server.use(http.get(apiUrl('/api/users/3'), () => new HttpResponse(null, { status: 500 })));
    renderDashboard('/users/dashboard', makeUser({ ID_User: 3 }));
    expect(await screen.findByText('Failed to load user information', {}, slow)).toBeInTheDocument();
  });
});

describe('action cards', () => {
  it('gives a restricted user My Profile alone', async () => {
    known.set(
      6,
      makeManagedUser({ ID_User: 6, Name: 'Robin Viewer', txt_access_level: 'Read Only', access_level: 4 }),
    );
    renderDashboard('/users/dashboard', makeUser({ ID_User: 6, txt_access_level: 'Read Only' }));
    expect(await actionTitles()).toEqual(['My Profile']);
  });

  it('gives a Full Access user the advanced tools, and a group admin Manage Users, which opens /users', async () => {
    const user = renderDashboard('/users/dashboard', makeUser({ ID_User: 3, group_admin: 'yes' }));
    expect(await actionTitles()).toEqual([
      'Manage Users',
      'Edit Prompts',
      'Style Document',
      'Structured Templates',
      'Opinion Upload',
      'Opinion Query',
      'Opinion Documents',
      'My Profile',
    ]);
    await user.click(screen.getByRole('button', { name: 'Open Manage Users' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/users');
  });
});

describe('My Profile', () => {
  it('changes the own name, contact number and password, keeping email, username and group', async () => {
    const viewer = makeUser({ ID_User: 3 });
    const user = renderDashboard('/users/dashboard', viewer);
    await user.click(await screen.findByRole('button', { name: 'Open My Profile' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'My Profile' });
    expect(within(dialog).getByText(/At least 12 characters/)).toBeInTheDocument();

    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Dr Asha Patel-Jones');
    await user.type(within(dialog).getByLabelText('Contact number (optional)'), '07700 900123');
    await user.type(within(dialog).getByLabelText('New password'), 'a brand new passphrase');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'a brand new passphrasf');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('The passwords do not match')).toBeInTheDocument();
    expect(updates).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully', {}, slow)).toBeInTheDocument();
    expect(updates).toEqual([
      {
        Name: 'Dr Asha Patel-Jones',
        Email: 'asha.patel@example.test',
        ContactNumber: '07700 900123',
        Username: 'dr.patel',
        Group: 1,
        Password: 'a brand new passphrase',
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr Asha Patel-Jones' })).toBeInTheDocument();
    expect(sessionStore.getState().user?.Name).toBe('Dr Asha Patel-Jones');
  });

  it('shows why an update was refused', async () => {
    server.use(
      http.put(apiUrl('/api/users/3'), () =>
        HttpResponse.json({ message: 'Password must not be the same as the username' }, { status: 400 }),
      ),
    );
    const user = renderDashboard('/users/dashboard', makeUser({ ID_User: 3 }));
    await user.click(await screen.findByRole('button', { name: 'Open My Profile' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'My Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('Password must not be the same as the username', {}, slow),
    ).toBeInTheDocument();
  });
});
