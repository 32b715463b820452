import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupCreate, ManagedUser, UserCreate, UserUpdate } from '@ewrt/contract';
import type { User } from '@ewrt/shared';
import {
  answerCall,
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
} from '@ewrt/shared/testing';
import { AdminApp } from '../../app/AdminApp';
import { DEMO_USERS, makeManagedUser, NORTHGATE, RIVERSIDE } from '../testing-support/makeManagedUser';

jest.setTimeout(60_000);
const slow = { timeout: 10_000 };

const ADMINISTRATOR = makeUser({
  ID_User: 1,
  Name: 'Dr Morgan Admin',
  Username: 'admin',
  Administrator: 'yes',
});
const GROUP_ADMIN = makeUser({
  ID_User: 2,
  Name: 'Dr Grace Lead',
  Username: 'groupadmin',
  group_admin: 'yes',
});
const PRACTITIONER = makeUser({ ID_User: 3 });

let listed: ManagedUser[] = [];
const calls: string[] = [];
const bodies: { create: UserCreate[]; update: UserUpdate[]; group: GroupCreate[] } = {
  create: [],
  update: [],
  group: [],
};

const server = setupApiServer(
  answerCall('listUsers', () => {
    calls.push('GET /api/users');
    return HttpResponse.json({ users: listed });
  }),
  answerCall('listGroups', () => {
    calls.push('GET /api/groups');
    return HttpResponse.json({ groups: [NORTHGATE, RIVERSIDE] });
  }),
  answerCall('listAccessLevels', () => {
    calls.push('GET /api/access-levels');
    return HttpResponse.json({
      access_levels: [
        { ID_Access_level: 1, txt_access_level: 'Full Access' },
        { ID_Access_level: 2, txt_access_level: 'Standard' },
        { ID_Access_level: 3, txt_access_level: 'Transcription Only' },
        { ID_Access_level: 4, txt_access_level: 'Read Only' },
      ],
    });
  }),
  answerCall('createUser', async ({ request }) => {
    const body = (await request.json()) as UserCreate;
    bodies.create.push(body);
    return HttpResponse.json(
      { message: 'User added successfully', user: makeManagedUser({ ID_User: 50, Name: body.Name }) },
      { status: 201 },
    );
  }),
  answerCall('updateUser', async ({ request, params }) => {
    const body = (await request.json()) as UserUpdate;
    bodies.update.push(body);
    return HttpResponse.json({
      message: 'User updated successfully',
      user: makeManagedUser({ ID_User: Number(params.id), Name: body.Name }),
    });
  }),
  answerCall('createGroup', async ({ request }) => {
    const body = (await request.json()) as GroupCreate;
    bodies.group.push(body);
    return HttpResponse.json(
      { message: 'Group created successfully', group: { ID_Group: 3, Group_Name: body.Group_Name } },
      { status: 201 },
    );
  }),
);

beforeEach(() => {
  listed = DEMO_USERS;
  calls.length = 0;
  bodies.create.length = 0;
  bodies.update.length = 0;
  bodies.group.length = 0;
});

function renderPage(actor: User = ADMINISTRATOR, users: ManagedUser[] = DEMO_USERS) {
  listed = users;
  renderWithProviders(<AdminApp />, { route: '/users', user: actor });
  return userEvent.setup();
}

const usersTable = () => screen.findByRole('table', {}, slow);

/** The names in the table's rows, top to bottom (the current page only). */
async function shownNames(): Promise<string[]> {
  const table = await usersTable();
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), slow);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

const showing = (text: string) => screen.findByText(text, {}, slow);

async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  option: string,
  container: HTMLElement = document.body,
) {
  await user.click(within(container).getByLabelText(label));
  const item = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`No option "${option}" in ${label}`);
    return found;
  });
  await user.click(item);
}

describe('what each role sees', () => {
  it('gives an administrator every user, five a page, the group filter, View Groups and Create Group', async () => {
    const user = renderPage();
    expect(await shownNames()).toEqual([
      'Dr Morgan Admin',
      'Dr Grace Lead',
      'Dr Asha Patel',
      'Sam Hughes',
      'Toni Reid',
    ]);
    await showing('Showing 8 of 8 users');
    expect(screen.getByRole('button', { name: 'View Groups' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Group' })).toBeInTheDocument();
    expect(screen.getByLabelText('Group')).toBeInTheDocument();

    const table = await usersTable();
    const adminRow = within(table).getByRole('row', { name: /Dr Morgan Admin/ });
    expect(within(adminRow).getByText('Administrator')).toBeInTheDocument();
    expect(within(adminRow).getByText('Active')).toBeInTheDocument();
    expect(within(adminRow).getByText('admin')).toBeInTheDocument();
    expect(within(adminRow).getByText('Northgate Medico-Legal (demo)')).toBeInTheDocument();
    expect(within(adminRow).getByText('Full Access')).toBeInTheDocument();
    expect(within(adminRow).getByText('10/01/2025')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Dr Grace Lead/ })).toHaveTextContent('Group Admin');
    expect(within(table).getByRole('row', { name: /Sam Hughes/ })).toHaveTextContent('N/A');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await shownNames()).toEqual(['Robin Viewer', 'Dr Chidi Okafor', 'Blair Inactive']);
    const blair = within(await usersTable()).getByRole('row', { name: /Blair Inactive/ });
    expect(blair).toHaveTextContent('Inactive');
    expect(blair).toHaveTextContent('User');
  });

  it('shows the administrator the admin flags, level, status and group choice when adding', async () => {
    const user = renderPage();
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(dialog).getByRole('checkbox', { name: 'Administrator' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Group Admin' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(dialog).getByLabelText('Access Level')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Group' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('At least 12 characters, and not the same as the username.'),
    ).toBeInTheDocument();
    expect(calls).toEqual(expect.arrayContaining(['GET /api/groups', 'GET /api/access-levels']));
  });

  it('keeps a group admin to their group: no flags, no level, no group choice, no group tools', async () => {
    const groupOne = DEMO_USERS.filter((listedUser) => listedUser.Group === 1);
    const user = renderPage(GROUP_ADMIN, groupOne);
    expect(await shownNames()).toHaveLength(5);
    await showing('Showing 6 of 6 users');
    expect(screen.queryByRole('button', { name: 'View Groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Group' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Group')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Administrator' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Group Admin' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Access Level')).not.toBeInTheDocument();
    const group = within(dialog).getByLabelText('Group');
    expect(group).toHaveValue('Northgate Medico-Legal (demo)');
    expect(group).toHaveAttribute('readonly');

    await user.type(within(dialog).getByLabelText('Name'), 'New Typist');
    await user.type(within(dialog).getByLabelText('Email'), 'typist@example.test');
    await user.type(within(dialog).getByLabelText('Username'), 'n.typist');
    await user.type(within(dialog).getByLabelText('Password'), 'a long enough secret');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User added successfully', {}, slow)).toBeInTheDocument();
    expect(bodies.create).toEqual([
      {
        Name: 'New Typist',
        Email: 'typist@example.test',
        ContactNumber: null,
        Username: 'n.typist',
        Password: 'a long enough secret',
        Group: 1,
      },
    ]);
    expect(calls).not.toContain('GET /api/groups');
    expect(calls).not.toContain('GET /api/access-levels');
  });

  it('lets a group admin edit others with a fixed group and a status, themself without either', async () => {
    const groupOne = DEMO_USERS.filter((listedUser) => listedUser.Group === 1);
    const user = renderPage(GROUP_ADMIN, groupOne);
    const table = await usersTable();
    await shownNames();

    await user.click(within(table).getByRole('button', { name: 'Edit Sam Hughes' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Group')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeEnabled();
    expect(within(dialog).queryByRole('checkbox', { name: 'Administrator' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete User' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Edit Dr Grace Lead' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText('Group')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());

    // An administrator of the group may be edited by its group admin, but not deleted.
    await user.click(within(table).getByRole('button', { name: 'Edit Dr Morgan Admin' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
  });

  it('offers an ordinary user no user management and asks the server for nothing', async () => {
    renderPage(PRACTITIONER);
    expect(
      await screen.findByText('You do not have permission to manage users', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('search, filters, sort and pages', () => {
  it('searches names and usernames and clears the search', async () => {
    const user = renderPage();
    await shownNames();
    const search = screen.getByLabelText('Search by name or username');
    await user.type(search, 'OKAFOR');
    expect(await shownNames()).toEqual(['Dr Chidi Okafor']);
    await showing('Showing 1 of 8 users');

    await user.clear(search);
    await user.type(search, 't.re');
    expect(await shownNames()).toEqual(['Toni Reid']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search).toHaveValue('');
    await showing('Showing 8 of 8 users');
  });

  it('filters by status and by group', async () => {
    const user = renderPage();
    await shownNames();
    const status = screen.getByRole('radiogroup', { name: 'Status' });
    await user.click(within(status).getByText('Inactive'));
    expect(await shownNames()).toEqual(['Blair Inactive']);
    await user.click(within(status).getByText('Active'));
    await showing('Showing 7 of 8 users');
    await user.click(within(status).getByText('All'));
    await showing('Showing 8 of 8 users');

    await chooseOption(user, 'Group', 'Riverside Expert Practice (demo)');
    expect(await shownNames()).toEqual(['Dr Chidi Okafor', 'Blair Inactive']);
    await showing('Showing 2 of 8 users');
  });

  it('sorts by name and by date added, announcing the order on the column header', async () => {
    const user = renderPage();
    await shownNames();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(await shownNames()).toEqual([
      'Blair Inactive',
      'Dr Asha Patel',
      'Dr Chidi Okafor',
      'Dr Grace Lead',
      'Dr Morgan Admin',
    ]);
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(await shownNames()).toEqual([
      'Toni Reid',
      'Sam Hughes',
      'Robin Viewer',
      'Dr Morgan Admin',
      'Dr Grace Lead',
    ]);
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Sort by Date Added' }));
    expect(await shownNames()).toEqual([
      'Dr Morgan Admin',
      'Dr Grace Lead',
      'Dr Asha Patel',
      'Toni Reid',
      'Robin Viewer',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Date Added' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  });

  it('shows no page control when every user fits on one page', async () => {
    renderPage(ADMINISTRATOR, DEMO_USERS.slice(0, 5));
    expect(await shownNames()).toHaveLength(5);
    await showing('Showing 5 of 5 users');
    expect(screen.queryByRole('listitem', { name: '2' })).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('says when the users cannot be loaded, preferring the server message', async () => {
    server.use(answerCall('listUsers', () => new HttpResponse(null, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Failed to load users', {}, slow)).toBeInTheDocument();

    server.use(
      answerCall('listUsers', () =>
        HttpResponse.json({ message: 'You do not have permission to manage users' }, { status: 403 }),
      ),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('You do not have permission to manage users', {}, slow),
    ).toBeInTheDocument();
  });
});

describe('adding, editing and deleting users', () => {
  async function openAdd(user: ReturnType<typeof userEvent.setup>) {
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    return screen.findByRole('dialog', { name: 'Add New User' });
  }

  it('validates the form before sending anything', async () => {
    const user = renderPage();
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Name'), 'Ann Other');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Username'), 'a.other');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(
      await within(dialog).findByText('Enter a valid email address, for example name@example.com'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(bodies.create).toEqual([]);
  });

  it('adds a user with the chosen group, flags and level, then reloads the list', async () => {
    const user = renderPage();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Ann Other');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.test');
    await user.type(within(dialog).getByLabelText('Contact number (optional)'), '01234 567890');
    await user.type(within(dialog).getByLabelText('Username'), 'a.other');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await chooseOption(user, 'Group', 'Riverside Expert Practice (demo)', dialog);
    await chooseOption(user, 'Access Level', 'Standard', dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Group Admin' }));
    const listCalls = calls.filter((call) => call === 'GET /api/users').length;
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User added successfully', {}, slow)).toBeInTheDocument();
    expect(bodies.create).toEqual([
      {
        Name: 'Ann Other',
        Email: 'ann@example.test',
        ContactNumber: '01234 567890',
        Username: 'a.other',
        Password: 'correct horse battery',
        Group: 2,
        user_active: 1,
        Administrator: 'no',
        group_admin: 'yes',
        access_level: 2,
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/users').length).toBe(listCalls + 1));
  });

  it('shows the server message when adding fails, and the fallback without one', async () => {
    server.use(
      answerCall('createUser', () =>
        HttpResponse.json({ message: 'That username is already taken' }, { status: 409 }),
      ),
    );
    const user = renderPage();
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Ann Other');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.test');
    await user.type(within(dialog).getByLabelText('Username'), 'dr.patel');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('That username is already taken', {}, slow)).toBeInTheDocument();

    server.use(answerCall('createUser', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Failed to add user', {}, slow)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann Other');
  });

  it('edits a user, keeping the password when it is left blank', async () => {
    const user = renderPage();
    const table = await usersTable();
    await shownNames();
    await user.click(within(table).getByRole('button', { name: 'Edit Sam Hughes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByText(/Leave blank to keep the current password\./)).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Samuel Hughes');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully', {}, slow)).toBeInTheDocument();
    expect(bodies.update).toEqual([
      {
        Name: 'Samuel Hughes',
        Email: 'sam@example.test',
        ContactNumber: null,
        Username: 's.hughes',
        Group: 1,
        user_active: 1,
        Administrator: 'no',
        group_admin: 'no',
        access_level: 2,
      },
    ]);
  });

  it('says when an update fails', async () => {
    server.use(answerCall('updateUser', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    const table = await usersTable();
    await shownNames();
    await user.click(within(table).getByRole('button', { name: 'Edit Toni Reid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update user', {}, slow)).toBeInTheDocument();
  });

  it('deletes a user after confirmation, and never offers to delete oneself', async () => {
    let deleted: string | null = null;
    server.use(
      answerCall('deleteUser', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ success: true, message: 'User deleted successfully' });
      }),
    );
    const user = renderPage();
    const table = await usersTable();
    await shownNames();

    await user.click(within(table).getByRole('button', { name: 'Edit Dr Morgan Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByRole('button', { name: 'Delete User' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Edit Toni Reid' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(confirm).toHaveTextContent('Toni Reid (t.reid)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User deleted successfully', {}, slow)).toBeInTheDocument();
    expect(deleted).toBe('5');
  });

  it('shows the server message when a deletion is refused', async () => {
    server.use(
      answerCall('deleteUser', () =>
        HttpResponse.json({ message: 'You do not have permission to delete this user' }, { status: 403 }),
      ),
    );
    const user = renderPage();
    const table = await usersTable();
    await shownNames();
    await user.click(within(table).getByRole('button', { name: 'Edit Toni Reid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));
    expect(
      await within(confirm).findByText('You do not have permission to delete this user', {}, slow),
    ).toBeInTheDocument();

    server.use(answerCall('deleteUser', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));
    expect(await within(confirm).findByText('Failed to delete user', {}, slow)).toBeInTheDocument();
  });
});

describe('groups and user details', () => {
  it('requires a group name, creates the group and reloads the groups', async () => {
    const user = renderPage();
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByLabelText('Group Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await within(dialog).findByText('Group Name is required')).toBeInTheDocument();
    expect(bodies.group).toEqual([]);

    const groupCalls = calls.filter((call) => call === 'GET /api/groups').length;
    await user.type(within(dialog).getByLabelText('Group Name'), 'Eastside Chambers');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Group created successfully', {}, slow)).toBeInTheDocument();
    expect(bodies.group).toEqual([{ Group_Name: 'Eastside Chambers' }]);
    await waitFor(() =>
      expect(calls.filter((call) => call === 'GET /api/groups').length).toBe(groupCalls + 1),
    );
  });

  it('says when a group cannot be created', async () => {
    server.use(answerCall('createGroup', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByLabelText('Group Name'), 'Eastside Chambers');
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await within(dialog).findByText('Failed to create group', {}, slow)).toBeInTheDocument();
  });

  it('lists all groups with their ids and user counts', async () => {
    const user = renderPage();
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'View Groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Groups' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', 'Northgate Medico-Legal (demo)', '6'],
      ['2', 'Riverside Expert Practice (demo)', '2'],
    ]);
  });

  it('shows a user in full and resets their two-factor set-up after confirmation', async () => {
    let resets = 0;
    server.use(
      answerCall('resetUserTwoFactor', ({ params }) => {
        resets += 1;
        return HttpResponse.json({
          message: 'Two-factor authentication has been reset.',
          user: makeManagedUser({ ID_User: Number(params.id), is_2fa_enabled: false }),
        });
      }),
    );
    const user = renderPage();
    const table = await usersTable();
    await shownNames();
    await user.click(within(table).getByRole('button', { name: 'View Dr Asha Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    expect(dialog).toHaveTextContent('asha.patel@example.test');
    expect(dialog).toHaveTextContent('Last sign-in');
    expect(dialog).toHaveTextContent('05/01/2026');
    expect(dialog).toHaveTextContent('Two-factor authentication');
    expect(dialog).toHaveTextContent('Set up');

    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    // antd's confirmation names its title twice (dialog title and confirm title): the latter is the confirm's own.
    const confirmTitle = await screen.findByText('Reset two-factor authentication?', {
      selector: '.ant-modal-confirm-title',
    });
    const confirm = confirmTitle.closest('.ant-modal') as HTMLElement;
    expect(confirm).toHaveTextContent('Dr Asha Patel will have to set up two-factor authentication again');
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(
      await screen.findByText(
        'Two-factor authentication has been reset. The user sets it up again at their next sign-in.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(resets).toBe(1);
    expect(dialog).toHaveTextContent('Not set up (set up at next sign-in)');
    expect(within(dialog).queryByRole('button', { name: 'Reset two-factor' })).not.toBeInTheDocument();
  });
});
