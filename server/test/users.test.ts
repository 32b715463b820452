import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GroupSchema, ManagedUserSchema, type ManagedUser } from '@ewrt/contract';
import { asUser, createTestServer, DEMO_PASSWORD, signIn, type TestServer } from './support/testServer.js';

type Client = ReturnType<typeof asUser>;
type Actor = 'admin' | 'groupadmin' | 'patel';

let server: TestServer;
const clients = {} as Record<Actor, Client>;
const ids: Record<string, number> = {};
let northgate: number;
let riverside: number;
let scratchCount = 0;

async function userIdOf(username: string): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [
    username,
  ]);
  assert.ok(rows[0], `no user ${username}`);
  return rows[0].id;
}

/** The Add New User form with valid values; each call a new username and email. */
function newUserForm(overrides: Record<string, unknown> = {}) {
  scratchCount += 1;
  return {
    Name: `Scratch User ${scratchCount}`,
    Email: `scratch${scratchCount}@example.org`,
    ContactNumber: '',
    Username: `scratch.${scratchCount}`,
    Password: DEMO_PASSWORD,
    Group: northgate,
    ...overrides,
  };
}

/** A throw-away user added by the administrator, for rows that change or delete their target. */
async function scratchUser(group: number, overrides: Record<string, unknown> = {}): Promise<ManagedUser> {
  const response = await clients.admin.post('/api/users', newUserForm({ Group: group, ...overrides }));
  assert.equal(response.statusCode, 201, response.body);
  return response.json().user;
}

async function asAdmin(id: number): Promise<ManagedUser | null> {
  const response = await clients.admin.get(`/api/users/${id}`);
  return response.statusCode === 200 ? response.json().user : null;
}

/** The Edit User form filled with the user's current values, then the overrides. */
function editForm(user: ManagedUser, overrides: Record<string, unknown> = {}) {
  return {
    Name: user.Name,
    Email: user.Email,
    ContactNumber: user.ContactNumber,
    Username: user.Username,
    Group: user.Group,
    user_active: user.user_active,
    Administrator: user.Administrator,
    group_admin: user.group_admin,
    access_level: user.access_level,
    Password: '',
    ...overrides,
  };
}

before(async () => {
  server = await createTestServer();
  for (const actor of ['admin', 'groupadmin', 'patel'] as const) {
    clients[actor] = asUser(server, await signIn(server, actor === 'patel' ? 'dr.patel' : actor));
  }
  for (const username of ['admin', 'groupadmin', 'dr.patel', 's.hughes', 'dr.okafor']) {
    ids[username] = await userIdOf(username);
  }
  northgate = (await asAdmin(ids['dr.patel']!))!.Group!;
  riverside = (await asAdmin(ids['dr.okafor']!))!.Group!;
});
after(() => server.close());

describe('who may do what (USR-07, USR-08), through HTTP', () => {
  const DASHBOARD_DENIED = 'You do not have permission to access this user dashboard';
  const MANAGE_DENIED = 'You do not have permission to manage users';
  const EDIT_DENIED = 'You do not have permission to edit this user';
  const DELETE_DENIED = 'You do not have permission to delete this user';
  const DELETE_SELF = 'You cannot delete your own account';
  const ADMIN_FIELDS = 'Only an administrator can set Administrator, Group Admin or the access level';
  const OWN_FIELDS = 'You can change only your own name, email, contact number and password';
  const RESET_DENIED = 'You do not have permission to reset two-factor authentication for this user';

  /**
   * The user acted on: a demo account by username, the actor themself, an unknown id, or a new throw-away user of
   * a group (for rows that change or delete their target).
   */
  type Target = string | 'self' | 'unknown' | { scratchIn: 'northgate' | 'riverside' };
  interface Row {
    actor: Actor;
    action: 'get' | 'update' | 'delete' | 'reset-2fa';
    target: Target;
    /** For an update: the fields changed from the target's current values. */
    change?: Record<string, unknown>;
    status: number;
    message?: string;
  }

  const g1 = { scratchIn: 'northgate' } as const;
  const g2 = { scratchIn: 'riverside' } as const;
  const rows: Row[] = [
    // The user dashboard.
    { actor: 'patel', action: 'get', target: 'self', status: 200 },
    { actor: 'patel', action: 'get', target: 's.hughes', status: 403, message: DASHBOARD_DENIED },
    { actor: 'patel', action: 'get', target: 'dr.okafor', status: 403, message: DASHBOARD_DENIED },
    { actor: 'groupadmin', action: 'get', target: 'dr.patel', status: 200 },
    { actor: 'groupadmin', action: 'get', target: 'admin', status: 200 },
    { actor: 'groupadmin', action: 'get', target: 'dr.okafor', status: 403, message: DASHBOARD_DENIED },
    { actor: 'admin', action: 'get', target: 'dr.okafor', status: 200 },
    { actor: 'admin', action: 'get', target: 'unknown', status: 404, message: 'User not found' },
    // Editing: administrators anything, anywhere.
    {
      actor: 'admin',
      action: 'update',
      target: g2,
      change: {
        Group: 'northgate',
        access_level: 4,
        Administrator: 'yes',
        group_admin: 'yes',
        user_active: 0,
      },
      status: 200,
    },
    { actor: 'admin', action: 'update', target: 'unknown', status: 404, message: 'User not found' },
    // Group admins: the non-administrators of their group, never the group, flags or level.
    {
      actor: 'groupadmin',
      action: 'update',
      target: g1,
      change: { Name: 'Renamed', Username: 'renamed.by.lead', Email: 'renamed@example.org', user_active: 0 },
      status: 200,
    },
    { actor: 'groupadmin', action: 'update', target: g1, change: {}, status: 200 },
    {
      actor: 'groupadmin',
      action: 'update',
      target: g1,
      change: { Group: 'riverside' },
      status: 403,
      message: 'Only an administrator can move a user to another group',
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: g1,
      change: { access_level: 2 },
      status: 403,
      message: ADMIN_FIELDS,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: g1,
      change: { Administrator: 'yes' },
      status: 403,
      message: ADMIN_FIELDS,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: g1,
      change: { group_admin: 'yes' },
      status: 403,
      message: ADMIN_FIELDS,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: g2,
      change: { Name: 'X' },
      status: 403,
      message: EDIT_DENIED,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: 'admin',
      change: { Email: 'mine@example.org' },
      status: 403,
      message: EDIT_DENIED,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: 'self',
      change: { ContactNumber: '01632 960001' },
      status: 200,
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: 'self',
      change: { user_active: 0 },
      status: 403,
      message: 'You cannot change the status of your own account',
    },
    {
      actor: 'groupadmin',
      action: 'update',
      target: 'self',
      change: { group_admin: 'no' },
      status: 403,
      message: ADMIN_FIELDS,
    },
    // A user: their own name, email, contact number and password only.
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: {
        Name: 'Dr Asha Patel-Khan',
        ContactNumber: '01632 960002',
        Password: 'a brand new passphrase',
      },
      status: 200,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: { access_level: 2 },
      status: 403,
      message: OWN_FIELDS,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: { Group: 'riverside' },
      status: 403,
      message: OWN_FIELDS,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: { user_active: 0 },
      status: 403,
      message: OWN_FIELDS,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: { Username: 'asha' },
      status: 403,
      message: OWN_FIELDS,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 'self',
      change: { Administrator: 'yes' },
      status: 403,
      message: OWN_FIELDS,
    },
    {
      actor: 'patel',
      action: 'update',
      target: 's.hughes',
      change: { Name: 'X' },
      status: 403,
      message: EDIT_DENIED,
    },
    // Deleting: an administrator, or a group admin for non-administrators of their group; never oneself.
    { actor: 'admin', action: 'delete', target: g2, status: 200 },
    { actor: 'admin', action: 'delete', target: 'self', status: 403, message: DELETE_SELF },
    { actor: 'admin', action: 'delete', target: 'unknown', status: 404, message: 'User not found' },
    { actor: 'groupadmin', action: 'delete', target: g1, status: 200 },
    { actor: 'groupadmin', action: 'delete', target: g2, status: 403, message: DELETE_DENIED },
    { actor: 'groupadmin', action: 'delete', target: 'admin', status: 403, message: DELETE_DENIED },
    { actor: 'groupadmin', action: 'delete', target: 'self', status: 403, message: DELETE_SELF },
    { actor: 'patel', action: 'delete', target: g1, status: 403, message: DELETE_DENIED },
    { actor: 'patel', action: 'delete', target: 'self', status: 403, message: DELETE_SELF },
    // Two-factor reset: as deleting.
    { actor: 'admin', action: 'reset-2fa', target: g2, status: 200 },
    { actor: 'groupadmin', action: 'reset-2fa', target: g1, status: 200 },
    { actor: 'groupadmin', action: 'reset-2fa', target: g2, status: 403, message: RESET_DENIED },
    { actor: 'groupadmin', action: 'reset-2fa', target: 'admin', status: 403, message: RESET_DENIED },
    { actor: 'patel', action: 'reset-2fa', target: g1, status: 403, message: RESET_DENIED },
  ];

  async function resolveTarget(actor: Actor, target: Target): Promise<number> {
    if (target === 'self') return ids[actor === 'patel' ? 'dr.patel' : actor]!;
    if (target === 'unknown') return 999_999;
    if (typeof target === 'string') return ids[target]!;
    return (await scratchUser(target.scratchIn === 'northgate' ? northgate : riverside)).ID_User;
  }

  const groupIdOf = (value: unknown) =>
    value === 'northgate' ? northgate : value === 'riverside' ? riverside : value;

  for (const row of rows) {
    const label = `${row.actor} ${row.action} ${typeof row.target === 'object' ? `a ${row.target.scratchIn} user` : row.target}${
      row.change ? ` changing ${Object.keys(row.change).join(', ') || 'nothing'}` : ''
    } → ${row.status}`;
    it(label, async () => {
      const id = await resolveTarget(row.actor, row.target);
      const before = await asAdmin(id);
      const client = clients[row.actor];
      const change = Object.fromEntries(
        Object.entries(row.change ?? {}).map(([field, value]) => [
          field,
          field === 'Group' ? groupIdOf(value) : value,
        ]),
      );
      const response =
        row.action === 'get'
          ? await client.get(`/api/users/${id}`)
          : row.action === 'update'
            ? await client.put(`/api/users/${id}`, before ? editForm(before, change) : newUserForm())
            : row.action === 'delete'
              ? await client.delete(`/api/users/${id}`)
              : await client.post(`/api/users/${id}/reset-2fa`);
      assert.equal(response.statusCode, row.status, response.body);
      if (row.message) assert.equal(response.json().message, row.message);
      const afterwards = await asAdmin(id);
      if (row.status !== 200) {
        assert.deepEqual(afterwards, before, 'a refused call changes nothing');
        return;
      }
      if (row.action === 'get') assert.equal(response.json().user.ID_User, id);
      if (row.action === 'update') {
        assert.equal(response.json().message, 'User updated successfully');
        const { Password: _password, ...visible } = change;
        for (const [field, value] of Object.entries(visible)) {
          assert.equal(afterwards?.[field as keyof ManagedUser], value, field);
        }
      }
      if (row.action === 'delete') {
        assert.deepEqual(response.json(), { success: true, message: 'User deleted successfully' });
        assert.equal(afterwards, null);
      }
    });
  }

  it('lists every user for an administrator, the group for a group admin, and refuses anybody else', async () => {
    const everyone: ManagedUser[] = (await clients.admin.get('/api/users')).json().users;
    assert.ok(everyone.some((user) => user.Group === riverside));
    assert.ok(everyone.some((user) => user.Group === northgate));
    assert.deepEqual(Object.keys(everyone[0]!).sort(), Object.keys(ManagedUserSchema.properties).sort());

    const group: ManagedUser[] = (await clients.groupadmin.get('/api/users')).json().users;
    assert.ok(group.length > 0);
    assert.ok(group.every((user) => user.Group === northgate));
    assert.ok(
      group.some((user) => user.Username === 'admin'),
      'administrators of the group are listed',
    );

    const refused = await clients.patel.get('/api/users');
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, MANAGE_DENIED);
  });

  describe('adding a user', () => {
    const addRows: { actor: Actor; form: () => Record<string, unknown>; status: number; message?: string }[] =
      [
        {
          actor: 'admin',
          form: () =>
            newUserForm({ Group: riverside, Administrator: 'yes', group_admin: 'yes', access_level: 3 }),
          status: 201,
        },
        { actor: 'groupadmin', form: () => newUserForm(), status: 201 },
        {
          actor: 'groupadmin',
          form: () =>
            newUserForm({ Administrator: 'no', group_admin: 'no', access_level: 1, user_active: 0 }),
          status: 201,
        },
        {
          actor: 'groupadmin',
          form: () => newUserForm({ Group: riverside }),
          status: 403,
          message: 'Group admins can add users only to their own group',
        },
        {
          actor: 'groupadmin',
          form: () => newUserForm({ Administrator: 'yes' }),
          status: 403,
          message: ADMIN_FIELDS,
        },
        {
          actor: 'groupadmin',
          form: () => newUserForm({ group_admin: 'yes' }),
          status: 403,
          message: ADMIN_FIELDS,
        },
        {
          actor: 'groupadmin',
          form: () => newUserForm({ access_level: 2 }),
          status: 403,
          message: ADMIN_FIELDS,
        },
        { actor: 'patel', form: () => newUserForm(), status: 403, message: MANAGE_DENIED },
      ];
    for (const row of addRows) {
      it(`${row.actor} adding ${row.status === 201 ? 'is allowed' : `is refused: ${row.message}`}`, async () => {
        const form = row.form();
        const response = await clients[row.actor].post('/api/users', form);
        assert.equal(response.statusCode, row.status, response.body);
        const { rows } = await server.app.ctx.db.query(`SELECT 1 FROM users WHERE username = $1`, [
          form.Username,
        ]);
        if (row.status !== 201) {
          assert.equal(response.json().message, row.message);
          assert.equal(rows.length, 0, 'nobody was added');
          return;
        }
        const { message, user } = response.json();
        assert.equal(message, 'User added successfully');
        for (const field of [
          'Name',
          'Email',
          'Username',
          'Group',
          'Administrator',
          'group_admin',
          'access_level',
        ]) {
          if (field in form) assert.equal(user[field], form[field], field);
        }
      });
    }
  });

  it('lets only administrators create groups, with a unique name', async () => {
    const created = await clients.admin.post('/api/groups', { Group_Name: '  Eastfield Chambers  ' });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json(), {
      message: 'Group created successfully',
      group: { ID_Group: created.json().group.ID_Group, Group_Name: 'Eastfield Chambers', user_count: 0 },
    });
    const duplicate = await clients.admin.post('/api/groups', { Group_Name: 'EASTFIELD chambers' });
    assert.equal(duplicate.statusCode, 409);
    assert.equal(duplicate.json().message, 'A group with that name already exists');
    const blank = await clients.admin.post('/api/groups', { Group_Name: '  ' });
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().message, 'Group Name is required');
    for (const actor of ['groupadmin', 'patel'] as const) {
      const refused = await clients[actor].post('/api/groups', { Group_Name: `By ${actor}` });
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, 'Only an administrator can create groups');
    }
    const { rows } = await server.app.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM groups WHERE name LIKE 'By %'`,
    );
    assert.equal(rows[0]?.n, 0);
  });

  it('gives each group its user count, keeping who sees which group', async () => {
    const { rows } = await server.app.ctx.db.query<{ group_id: number; n: number }>(
      `SELECT group_id, count(*)::int AS n FROM users GROUP BY group_id`,
    );
    const counted = new Map(rows.map((row) => [row.group_id, row.n]));
    const all = (await clients.admin.get('/api/groups')).json().groups;
    assert.ok(all.length >= 3);
    for (const group of all) {
      assert.deepEqual(Object.keys(group).sort(), Object.keys(GroupSchema.properties).sort());
      assert.equal(group.user_count, counted.get(group.ID_Group) ?? 0, group.Group_Name);
    }
    const own = (await clients.groupadmin.get('/api/groups')).json().groups;
    assert.deepEqual(
      own.map((group: { ID_Group: number }) => group.ID_Group),
      [northgate],
    );
    assert.equal(own[0].user_count, counted.get(northgate));
  });
});

describe('a new user', () => {
  it('gets the defaults of USR-05, a hashed password that is never answered, and can sign in', async () => {
    const form = newUserForm({ Group: riverside, ContactNumber: '  ' });
    const response = await clients.admin.post('/api/users', form);
    assert.equal(response.statusCode, 201, response.body);
    const { user } = response.json();
    assert.deepEqual(Object.keys(user).sort(), Object.keys(ManagedUserSchema.properties).sort());
    assert.equal(user.user_active, 1);
    assert.equal(user.Administrator, 'no');
    assert.equal(user.group_admin, 'no');
    assert.equal(user.access_level, 1);
    assert.equal(user.txt_access_level, 'Full Access');
    assert.equal(user.ContactNumber, null);
    assert.equal(user.Group_Name, 'Riverside Expert Practice (demo)');
    assert.equal(user.is_2fa_enabled, false);
    assert.equal(user.last_login, null);
    assert.equal(user.date_added, server.clock.now().toISOString());
    assert.ok(!response.body.includes(DEMO_PASSWORD) && !response.body.includes('$argon2'));

    const { rows } = await server.app.ctx.db.query<{ password_hash: string; created_by: number }>(
      `SELECT password_hash, created_by FROM users WHERE id = $1`,
      [user.ID_User],
    );
    assert.match(rows[0]!.password_hash, /^\$argon2id\$/);
    assert.equal(rows[0]!.created_by, ids.admin);

    await signIn(server, form.Username);
    const signedIn = await asAdmin(user.ID_User);
    assert.equal(signedIn?.last_login, server.clock.now().toISOString(), 'last sign-in is shown');
    assert.equal(signedIn?.is_2fa_enabled, true);
  });

  it('needs a password of at least 12 characters that is not the username', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Password: 'short' }, 'Password must be at least 12 characters'],
      [{ Password: '' }, 'Password must be at least 12 characters'],
      [
        { Username: 'Long.Username.1', Password: 'long.username.1' },
        'Password must not be the same as the username',
      ],
    ];
    for (const [overrides, message] of cases) {
      const form = newUserForm(overrides);
      const response = await clients.admin.post('/api/users', form);
      assert.equal(response.statusCode, 400, JSON.stringify(overrides));
      assert.deepEqual(response.json(), { message, errors: { Password: message } });
    }
    // Twelve characters as people count them: an emoji is one.
    const emoji = await clients.admin.post('/api/users', newUserForm({ Password: '🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑' }));
    assert.equal(emoji.statusCode, 400);
  });

  it('keeps the password when the edit leaves it blank, and applies the policy to a new one', async () => {
    const user = await scratchUser(northgate);
    const { rows: before } = await server.app.ctx.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE id = $1`,
      [user.ID_User],
    );
    for (const Password of ['', null, undefined]) {
      const response = await clients.admin.put(`/api/users/${user.ID_User}`, editForm(user, { Password }));
      assert.equal(response.statusCode, 200, response.body);
    }
    const { rows: after } = await server.app.ctx.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE id = $1`,
      [user.ID_User],
    );
    assert.equal(after[0]!.password_hash, before[0]!.password_hash);
    await signIn(server, user.Username);

    const short = await clients.admin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Password: 'too short' }),
    );
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().message, 'Password must be at least 12 characters');
  });

  it('needs a username and an email nobody else has, whatever their case, and a group and level that exist', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ Username: 'ADMIN' }, 409, 'That username is already taken'],
      [{ Email: 'Asha.Patel@Northgate.EXAMPLE' }, 409, 'That email address is already in use'],
      [{ Group: 999_999 }, 400, 'That group does not exist'],
      [{ access_level: 99 }, 400, 'That access level does not exist'],
      [{ Email: 'not an address' }, 400, 'Enter a valid email address'],
      [{ Email: '' }, 400, 'Email is required'],
      [{ Name: ' ' }, 400, 'Name is required'],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await clients.admin.post('/api/users', newUserForm(overrides));
      assert.equal(response.statusCode, status, JSON.stringify(overrides));
      assert.equal(response.json().message, message);
    }

    const user = await scratchUser(northgate);
    const takenName = await clients.admin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Username: 'Dr.Okafor' }),
    );
    assert.equal(takenName.statusCode, 409);
    assert.equal(takenName.json().message, 'That username is already taken');
    const takenEmail = await clients.admin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Email: 'CHIDI.OKAFOR@riverside.example' }),
    );
    assert.equal(takenEmail.statusCode, 409);
    assert.equal(takenEmail.json().message, 'That email address is already in use');
    const ownInOtherCase = await clients.admin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Username: user.Username.toUpperCase(), Email: user.Email!.toUpperCase() }),
    );
    assert.equal(ownInOtherCase.statusCode, 200, 'a user keeps their own username and email in another case');
  });
});

describe('deleting a user', () => {
  it('keeps the patients they created and the audit rows of what they did', async () => {
    const user = await scratchUser(northgate);
    const author = asUser(server, await signIn(server, user.Username));
    const patient = await author.post('/api/patients', {
      FirstName: 'Iris',
      Surname: 'Hallam',
      DateOfBirth: '1975-04-02',
      MRN: 'DEMO-8101',
    });
    assert.equal(patient.statusCode, 201, patient.body);
    const patientId = patient.json().patient.ID_Patient;

    const deleted = await clients.groupadmin.delete(`/api/users/${user.ID_User}`);
    assert.equal(deleted.statusCode, 200, deleted.body);

    const kept = await clients.patel.get(`/api/patients/${patientId}`);
    assert.equal(kept.statusCode, 200);
    assert.equal(kept.json().created_by_name, null);
    const { rows } = await server.app.ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE user_id = $1 ORDER BY id`,
      [user.ID_User],
    );
    assert.ok(
      rows.some((row) => row.action === 'patient.create'),
      'the history still names who acted',
    );
    assert.equal((await author.get('/api/patients/recent')).statusCode, 401, 'their session ended');
  });

  it('is refused with a way forward while later records (documents, jobs) still name the user', async () => {
    const user = await scratchUser(riverside);
    const db = server.app.ctx.db;
    await db.query(`CREATE TABLE test_owned_records (owner integer NOT NULL REFERENCES users (id))`);
    try {
      await db.query(`INSERT INTO test_owned_records (owner) VALUES ($1)`, [user.ID_User]);
      const refused = await clients.admin.delete(`/api/users/${user.ID_User}`);
      assert.equal(refused.statusCode, 409);
      assert.equal(
        refused.json().message,
        'This user still owns documents or background jobs, which must be kept, so the account cannot be deleted. Deactivate it instead.',
      );
      assert.ok(await asAdmin(user.ID_User), 'the user is still there');
    } finally {
      await db.query(`DROP TABLE test_owned_records`);
    }
    assert.equal((await clients.admin.delete(`/api/users/${user.ID_User}`)).statusCode, 200);
  });
});

describe('the audit log of administrative changes', () => {
  type AuditRow = { action: string; user_id: number | null; details: Record<string, unknown> };
  const auditRows = async (targetId: number) =>
    (
      await server.app.ctx.db.query<AuditRow>(
        `SELECT action, user_id, details FROM audit_log WHERE details->>'target_user_id' = $1 ORDER BY id`,
        [String(targetId)],
      )
    ).rows;

  it('names the actor and the user, with the values before and after, and never a password', async () => {
    const created = await clients.groupadmin.post('/api/users', newUserForm({ Name: 'Audit Subject' }));
    assert.equal(created.statusCode, 201, created.body);
    const user: ManagedUser = created.json().user;
    const updated = await clients.groupadmin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Name: 'Audit Subject Renamed', user_active: 0, Password: 'another long passphrase' }),
    );
    assert.equal(updated.statusCode, 200, updated.body);
    const refused = await clients.groupadmin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { access_level: 4 }),
    );
    assert.equal(refused.statusCode, 403);
    assert.equal((await clients.admin.post(`/api/users/${user.ID_User}/reset-2fa`)).statusCode, 200);
    assert.equal((await clients.admin.delete(`/api/users/${user.ID_User}`)).statusCode, 200);

    const rows = await auditRows(user.ID_User);
    assert.deepEqual(
      rows.map((row) => [row.action, row.user_id, row.details.outcome]),
      [
        ['user.create', ids.groupadmin, 'succeeded'],
        ['user.update', ids.groupadmin, 'succeeded'],
        ['user.update', ids.groupadmin, 'refused'],
        ['user.reset_two_factor', ids.admin, 'succeeded'],
        ['user.delete', ids.admin, 'succeeded'],
      ],
    );
    const [create, update, refusal, reset, deletion] = rows.map((row) => row.details);
    assert.equal(create!.target_username, user.Username);
    assert.deepEqual(create!.after, {
      Name: 'Audit Subject',
      Email: user.Email,
      ContactNumber: null,
      Username: user.Username,
      Group: northgate,
      user_active: 1,
      Administrator: 'no',
      group_admin: 'no',
      access_level: 1,
    });
    assert.deepEqual(update!.changes, {
      Name: { before: 'Audit Subject', after: 'Audit Subject Renamed' },
      user_active: { before: 1, after: 0 },
      Password: 'password changed',
    });
    assert.equal(update!.sessions_ended, true);
    assert.equal(refusal!.status, 403);
    assert.deepEqual(reset!.changes, { is_2fa_enabled: { before: false, after: false } });
    assert.equal((deletion!.before as Record<string, unknown>).Name, 'Audit Subject Renamed');

    const everything = JSON.stringify(rows);
    assert.ok(!everything.includes('another long passphrase') && !everything.includes(DEMO_PASSWORD));
    assert.ok(!everything.includes('$argon2'));
  });

  it('records group creation and refused reads of a dashboard', async () => {
    const denied = await clients.patel.get(`/api/users/${ids['dr.okafor']}`);
    assert.equal(denied.statusCode, 403);
    const rows = await auditRows(ids['dr.okafor']!);
    const last = rows.at(-1)!;
    assert.equal(last.action, 'user.read');
    assert.equal(last.user_id, ids['dr.patel']);
    assert.equal(last.details.outcome, 'refused');

    const group = await clients.admin.post('/api/groups', { Group_Name: 'Audited Group' });
    const { rows: groupRows } = await server.app.ctx.db.query<AuditRow>(
      `SELECT action, user_id, details FROM audit_log WHERE action = 'group.create' AND details->>'group_id' = $1`,
      [String(group.json().group.ID_Group)],
    );
    assert.equal(groupRows.length, 1);
    assert.equal(groupRows[0]!.user_id, ids.admin);
    assert.deepEqual(groupRows[0]!.details.after, { Group_Name: 'Audited Group' });
  });
});
