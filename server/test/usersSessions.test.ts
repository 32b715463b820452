import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { ManagedUser } from '@ewrt/contract';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startServer, type RunningServer } from '../src/app/startServer.js';
import {
  asUser,
  createTestClock,
  DEMO_PASSWORD,
  makeTempDir,
  postLogin,
  signIn,
  testConfig,
  totpCode,
  type TestServer,
} from './support/testServer.js';

// What an administrative change does to the sessions and the next requests of the user it changes. A listening
// server, so that live socket connections can be watched too.

const SESSION_INVALID = 'Your session is invalid or has expired. Please sign in again.';
const LAST_ADMINISTRATOR =
  'The last active administrator cannot be removed, deactivated or demoted. Make another user an active administrator first.';

let running: RunningServer;
let server: TestServer;
let admin: ReturnType<typeof asUser>;
let groupadmin: ReturnType<typeof asUser>;
let northgate: number;
let added = 0;

before(async () => {
  const dataDir = await makeTempDir();
  const clock = createTestClock();
  const config = testConfig(dataDir);
  running = await startServer(config, { clock: clock.now });
  server = {
    app: running.app,
    config,
    clock,
    dataDir,
    secrets: new Map(),
    async close() {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  admin = asUser(server, await signIn(server, 'admin'));
  groupadmin = asUser(server, await signIn(server, 'groupadmin'));
  northgate = (await admin.get('/api/users'))
    .json()
    .users.find((user: ManagedUser) => user.Username === 'groupadmin').Group;
});
after(() => server.close());

async function addUser(overrides: Record<string, unknown> = {}): Promise<ManagedUser> {
  added += 1;
  const response = await admin.post('/api/users', {
    Name: `Session Subject ${added}`,
    Email: `session.subject${added}@example.org`,
    Username: `session.subject.${added}`,
    Password: DEMO_PASSWORD,
    Group: northgate,
    ...overrides,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().user;
}

const editForm = (user: ManagedUser, overrides: Record<string, unknown>) => ({
  Name: user.Name,
  Email: user.Email,
  ContactNumber: user.ContactNumber,
  Username: user.Username,
  Group: user.Group,
  user_active: user.user_active,
  Administrator: user.Administrator,
  group_admin: user.group_admin,
  access_level: user.access_level,
  ...overrides,
});

/** A live socket.io connection of the token, and a promise of its closing by the server. */
async function openSocket(token: string): Promise<{ socket: Socket; closedByServer: Promise<string> }> {
  const socket = connectSocket(running.url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connection_established', () => resolve());
    socket.on('connect_error', reject);
  });
  const closedByServer = new Promise<string>((resolve, reject) => {
    socket.on('disconnect', resolve);
    setTimeout(() => reject(new Error('the connection stayed open')), 3000).unref();
  });
  return { socket, closedByServer };
}

const newPatient = (mrn: string) => ({
  FirstName: 'Ada',
  Surname: 'Frost',
  DateOfBirth: '1980-01-01',
  MRN: mrn,
});

describe('deactivating a user', () => {
  it('refuses their existing token at once and closes their live connections', async () => {
    const user = await addUser();
    const token = await signIn(server, user.Username);
    const subject = asUser(server, token);
    assert.equal(
      (await subject.get('/api/patients/recent')).statusCode,
      200,
      'the user is now in the user cache',
    );
    const { socket, closedByServer } = await openSocket(token);
    try {
      const response = await groupadmin.put(`/api/users/${user.ID_User}`, editForm(user, { user_active: 0 }));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().user.user_active, 0);
      const refused = await subject.get('/api/patients/recent');
      assert.equal(refused.statusCode, 401);
      assert.deepEqual(refused.json(), { message: SESSION_INVALID });
      assert.equal(await closedByServer, 'io server disconnect');

      const reactivated = await groupadmin.put(
        `/api/users/${user.ID_User}`,
        editForm(user, { user_active: 1 }),
      );
      assert.equal(reactivated.statusCode, 200);
      assert.equal(
        (await subject.get('/api/patients/recent')).statusCode,
        401,
        'reactivation revives no session',
      );
      assert.equal(
        (await asUser(server, await signIn(server, user.Username)).get('/api/patients/recent')).statusCode,
        200,
      );
    } finally {
      socket.disconnect();
    }
  });
});

describe('changing access level or flags', () => {
  it('applies to the very next request of the user, although their profile was cached', async () => {
    const user = await addUser();
    const subject = asUser(server, await signIn(server, user.Username));
    assert.equal((await subject.post('/api/patients', newPatient('DEMO-8201'))).statusCode, 201);
    assert.equal((await subject.get('/api/users')).statusCode, 403);

    const readOnly = await admin.put(`/api/users/${user.ID_User}`, editForm(user, { access_level: 4 }));
    assert.equal(readOnly.statusCode, 200, readOnly.body);
    assert.equal(readOnly.json().user.txt_access_level, 'Read Only');
    const refused = await subject.post('/api/patients', newPatient('DEMO-8202'));
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'Your access level does not allow adding patients');

    const promoted = await admin.put(
      `/api/users/${user.ID_User}`,
      editForm(readOnly.json().user, { group_admin: 'yes' }),
    );
    assert.equal(promoted.statusCode, 200);
    assert.equal(
      (await subject.get('/api/users')).statusCode,
      200,
      'a new group admin manages users at once',
    );
  });
});

describe('passwords set by someone else', () => {
  it('end the sessions of the user, while changing one’s own password keeps one’s session', async () => {
    const user = await addUser();
    const subject = asUser(server, await signIn(server, user.Username));
    const own = await subject.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Password: 'my own new passphrase' }),
    );
    assert.equal(own.statusCode, 200, own.body);
    assert.equal((await subject.get('/api/patients/recent')).statusCode, 200);

    const reset = await groupadmin.put(
      `/api/users/${user.ID_User}`,
      editForm(user, { Password: 'set by the group admin' }),
    );
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await subject.get('/api/patients/recent')).statusCode, 401);
    const oldPassword = await postLogin(server, {
      username: user.Username,
      password: 'my own new passphrase',
    });
    assert.equal(oldPassword.statusCode, 401);
    const newPassword = await postLogin(server, {
      username: user.Username,
      password: 'set by the group admin',
    });
    assert.equal(newPassword.statusCode, 200);
    assert.equal(newPassword.json().requires_2fa, true);
  });
});

describe('resetting two-factor authentication', () => {
  it('ends the sessions and any sign-in in progress, and the next sign-in sets it up again', async () => {
    const user = await addUser();
    const token = await signIn(server, user.Username);
    const subject = asUser(server, token);
    assert.equal((await subject.get(`/api/users/${user.ID_User}`)).json().user.is_2fa_enabled, true);
    const { socket, closedByServer } = await openSocket(token);
    server.clock.advance(30_000);
    const pending = await postLogin(server, { username: user.Username, password: DEMO_PASSWORD });
    assert.equal(pending.json().requires_2fa, true);
    try {
      const reset = await groupadmin.post(`/api/users/${user.ID_User}/reset-2fa`);
      assert.equal(reset.statusCode, 200, reset.body);
      assert.equal(
        reset.json().message,
        'Two-factor authentication has been reset. The user sets it up again at their next sign-in.',
      );
      assert.equal(reset.json().user.is_2fa_enabled, false);
      assert.equal((await subject.get('/api/patients/recent')).statusCode, 401);
      assert.equal(await closedByServer, 'io server disconnect');
    } finally {
      socket.disconnect();
    }

    const oldSecret = server.secrets.get(user.Username)!;
    const stale = await postLogin(server, {
      temp_token: pending.json().temp_token,
      totp_token: totpCode(oldSecret, server.clock.now()),
    });
    assert.equal(
      stale.statusCode,
      401,
      'the sign-in begun before the reset cannot finish with the old phone',
    );

    server.clock.advance(30_000);
    const again = await postLogin(server, { username: user.Username, password: DEMO_PASSWORD });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().requires_2fa_setup, true);
    assert.notEqual(again.json().totp_secret, oldSecret);
    const enrolled = await postLogin(server, {
      setup_token: again.json().setup_token,
      totp_token: totpCode(again.json().totp_secret, server.clock.now()),
    });
    assert.equal(enrolled.statusCode, 200, enrolled.body);
    assert.ok(enrolled.json().token);
  });
});

describe('the last active administrator', () => {
  const adminIdOf = async () =>
    (await admin.get('/api/users'))
      .json()
      .users.find((user: ManagedUser) => user.Username === 'admin') as ManagedUser;

  it('cannot demote or deactivate themself', async () => {
    const self = await adminIdOf();
    for (const change of [{ Administrator: 'no' }, { user_active: 0 }]) {
      const response = await admin.put(`/api/users/${self.ID_User}`, editForm(self, change));
      assert.equal(response.statusCode, 409, JSON.stringify(change));
      assert.equal(response.json().message, LAST_ADMINISTRATOR);
    }
    assert.deepEqual((await admin.get(`/api/users/${self.ID_User}`)).json().user, self);
  });

  it('cannot be deleted, even by an administrator demoted a moment ago on another server', async () => {
    const second = await addUser({ Administrator: 'yes' });
    const secondAdmin = asUser(server, await signIn(server, second.Username));
    const self = await adminIdOf(); // fills the user cache with admin as an administrator
    // Another server sharing the database demotes admin; this one still has admin cached as an administrator.
    await server.app.ctx.db.query(`UPDATE users SET is_administrator = false WHERE id = $1`, [self.ID_User]);
    const refused = await admin.delete(`/api/users/${second.ID_User}`);
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, LAST_ADMINISTRATOR);
    assert.equal((await secondAdmin.get(`/api/users/${second.ID_User}`)).statusCode, 200);

    // With two active administrators, either may step down, but then the other one may not.
    await server.app.ctx.db.query(`UPDATE users SET is_administrator = true WHERE id = $1`, [self.ID_User]);
    const demoted = await secondAdmin.put(
      `/api/users/${self.ID_User}`,
      editForm(self, { Administrator: 'no' }),
    );
    assert.equal(demoted.statusCode, 200, demoted.body);
    assert.equal((await admin.get('/api/users')).statusCode, 403, 'the demotion applies to the next request');
    const alone = (await secondAdmin.get(`/api/users/${second.ID_User}`)).json().user;
    for (const change of [{ Administrator: 'no' }, { user_active: 0 }]) {
      const response = await secondAdmin.put(`/api/users/${second.ID_User}`, editForm(alone, change));
      assert.equal(response.statusCode, 409, JSON.stringify(change));
      assert.equal(response.json().message, LAST_ADMINISTRATOR);
    }
    const restored = await secondAdmin.put(
      `/api/users/${self.ID_User}`,
      editForm(self, { Administrator: 'yes' }),
    );
    assert.equal(restored.statusCode, 200);
    const steppedDown = await secondAdmin.put(
      `/api/users/${second.ID_User}`,
      editForm(alone, { Administrator: 'no' }),
    );
    assert.equal(steppedDown.statusCode, 200, 'another active administrator remains');
  });
});
