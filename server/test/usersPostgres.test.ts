import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { ManagedUser } from '@ewrt/contract';
import { buildApp } from '../src/app/buildApp.js';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from './support/postgresCluster.js';
import {
  asUser,
  createTestClock,
  DEMO_PASSWORD,
  makeTempDir,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

// Races between administrators, on a real PostgreSQL: the embedded database runs one transaction at a time, so
// only here can two changes interleave.

describe('user administration on a real PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  let admin: ReturnType<typeof asUser>;
  let northgate: number;
  let added = 0;

  before(async () => {
    cluster = await startPostgresCluster();
    const dataDir = await makeTempDir();
    const config = testConfig(dataDir, { DATABASE_URL: cluster.databaseUrl, SEED_DEMO: 'true' });
    const clock = createTestClock();
    const app = await buildApp(config, { clock: clock.now });
    server = {
      app,
      config,
      clock,
      dataDir,
      secrets: new Map(),
      async close() {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    admin = asUser(server, await signIn(server, 'admin'));
    northgate = (await admin.get('/api/users'))
      .json()
      .users.find((user: ManagedUser) => user.Username === 'admin').Group;
  });
  after(async () => {
    await server?.close();
    await cluster?.stop();
  });

  const form = (overrides: Record<string, unknown> = {}) => {
    added += 1;
    return {
      Name: `Race Subject ${added}`,
      Email: `race.subject${added}@example.org`,
      Username: `race.subject.${added}`,
      Password: DEMO_PASSWORD,
      Group: northgate,
      ...overrides,
    };
  };

  it('adds one of two users given the same username or email at the same moment', async () => {
    for (const shared of [
      { Username: 'twin.username', answer: 'That username is already taken' },
      { Email: 'twin@example.org', answer: 'That email address is already in use' },
    ]) {
      const { answer, ...field } = shared;
      const upper = Object.fromEntries(
        Object.entries(field).map(([key, value]) => [key, value.toUpperCase()]),
      );
      const answers = await Promise.all([
        admin.post('/api/users', form(field)),
        admin.post('/api/users', form(upper)),
      ]);
      assert.deepEqual(answers.map((response) => response.statusCode).sort(), [201, 409]);
      assert.equal(answers.find((response) => response.statusCode === 409)!.json().message, answer);
    }
  });

  it('deletes a user who created patients, keeping the patients', async () => {
    const created = await admin.post('/api/users', form());
    const user: ManagedUser = created.json().user;
    const author = asUser(server, await signIn(server, user.Username));
    const patient = await author.post('/api/patients', {
      FirstName: 'Edda',
      Surname: 'Lund',
      DateOfBirth: '1969-09-09',
      MRN: 'DEMO-8301',
    });
    assert.equal(patient.statusCode, 201, patient.body);
    const deleted = await admin.delete(`/api/users/${user.ID_User}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    const { rows } = await server.app.ctx.db.query<{ created_by: number | null }>(
      `SELECT created_by FROM patients WHERE id = $1`,
      [patient.json().patient.ID_Patient],
    );
    assert.deepEqual(rows, [{ created_by: null }]);
  });

  it('keeps one active administrator when two step down at the same moment', async () => {
    const created = await admin.post('/api/users', form({ Administrator: 'yes' }));
    assert.equal(created.statusCode, 201, created.body);
    const second: ManagedUser = created.json().user;
    const secondAdmin = asUser(server, await signIn(server, second.Username));
    const self: ManagedUser = (await admin.get('/api/users'))
      .json()
      .users.find((user: ManagedUser) => user.Username === 'admin');
    const deactivate = (user: ManagedUser) => ({
      ...form(),
      Name: user.Name,
      Email: user.Email,
      Username: user.Username,
      Group: user.Group,
      Password: '',
      user_active: 0,
    });
    const answers = await Promise.all([
      admin.put(`/api/users/${self.ID_User}`, deactivate(self)),
      secondAdmin.put(`/api/users/${second.ID_User}`, deactivate(second)),
    ]);
    assert.deepEqual(answers.map((response) => response.statusCode).sort(), [200, 409]);
    const { rows } = await server.app.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE is_administrator AND user_active = 1`,
    );
    assert.equal(rows[0]?.n, 1);
  });
});
