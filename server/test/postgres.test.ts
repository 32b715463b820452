import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { buildApp } from '../src/app/buildApp.js';
import { migrations } from '../src/db/migrations/migrations.js';
import { SEARCH_TIMED_OUT } from '../src/features/patients/createPatientSearch.js';
import {
  asUser,
  createTestClock,
  makeTempDir,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from './support/postgresCluster.js';

describe('a real PostgreSQL through DATABASE_URL', { skip: skipWithoutPostgres }, () => {
  let cluster: PostgresCluster | null = null;
  let dataDir = '';
  let databaseUrl = '';
  let server: TestServer;

  before(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = cluster.databaseUrl;
    dataDir = await makeTempDir();
    const config = testConfig(dataDir, { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
    const clock = createTestClock();
    const app = await buildApp(config, { clock: clock.now });
    server = { app, config, clock, dataDir, secrets: new Map(), close: () => app.close() };
  });

  after(async () => {
    // Every step runs even when an earlier one fails; the first failure is reported (with the PostgreSQL log).
    const failures: unknown[] = [];
    const attempt = async (step: () => unknown) => {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    };
    await attempt(() => server?.close());
    await attempt(() => cluster?.stop());
    if (dataDir) await attempt(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
    if (failures.length > 0) {
      throw new Error(`Cleaning up the PostgreSQL test failed: ${String(failures[0])}`);
    }
  });

  it('applies the migrations and seeds the demo organisation when asked', async () => {
    assert.equal(server.app.ctx.db.kind, 'postgres');
    const { rows } = await server.app.ctx.db.query<{ version: number; name: string }>(
      `SELECT version, name FROM schema_migrations ORDER BY version`,
    );
    assert.deepEqual(
      rows,
      migrations.map(({ version, name }) => ({ version, name })),
    );
    const users = await server.app.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    assert.equal(users.rows[0]?.n, 8);
  });

  it('serves sign-in and the patient calls with the same shapes as the embedded database', async () => {
    const patel = asUser(server, await signIn(server, 'dr.patel'));
    const created = await patel.post('/api/patients', {
      FirstName: 'Ingrid',
      Surname: 'Solberg',
      DateOfBirth: '1977-12-31',
      MRN: 'DEMO-8001',
      DateofEvent: '',
    });
    assert.equal(created.statusCode, 201, created.body);
    const { patient } = created.json();
    assert.equal(patient.DateOfBirth, '1977-12-31', 'a date never shifts by time zone');
    assert.equal(patient.DateofEvent, null);
    assert.equal(patient.created_by_name, 'Dr Asha Patel');

    await patel.post(`/api/patients/${patient.ID_Patient}/access`);
    const recent = (await patel.get('/api/patients/recent')).json();
    assert.equal(recent.patients[0].ID_Patient, patient.ID_Patient);
    const search = (await patel.get('/api/patients/search?term=solb&page=1')).json();
    assert.equal(search.total, 1);
    const duplicate = (
      await patel.post('/api/patients/check-duplicate', {
        FirstName: 'ingrid',
        Surname: 'SOLBERG',
        DateOfBirth: '1977-12-31',
      })
    ).json();
    assert.deepEqual(duplicate, { isDuplicate: true });
    const restricted = (await patel.get('/api/patients/search-advanced?Surname=Bennett')).json();
    assert.equal(restricted.patients[0].access_level, 2);
  });

  it('holds sign-in limits and sign-outs across two servers sharing the database', async () => {
    const otherDataDir = await makeTempDir();
    const other = await buildApp(testConfig(otherDataDir, { DATABASE_URL: databaseUrl }), {
      clock: server.clock.now,
    });
    try {
      const servers = [server.app, other];
      const guesses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          servers[i % 2]!.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username: 'groupadmin', password: `guess-${i}` },
            remoteAddress: '10.30.0.1',
          }),
        ),
      );
      // A 401 is a guess that reached the password check: one address gets its five free attempts in all.
      assert.equal(guesses.filter((response) => response.statusCode === 401).length, 5);
      assert.equal(guesses.filter((response) => response.statusCode === 429).length, 45);

      const token = await signIn(server, 'groupadmin', '10.30.0.2');
      const signOut = await other.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(signOut.statusCode, 200);
      assert.equal((await asUser(server, token).get('/api/patients/recent')).statusCode, 401);
    } finally {
      await other.close();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });

  it('cancels a search that cannot finish within its time limit and answers 503', async () => {
    const patel = asUser(server, await signIn(server, 'dr.patel'));
    // Another session holds the patients table, so the search statement waits on its lock until it is cancelled.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN; LOCK TABLE patients IN ACCESS EXCLUSIVE MODE');
      const response = await patel.get('/api/patients/search?term=solb&page=1');
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { message: SEARCH_TIMED_OUT });
      assert.equal(response.headers['retry-after'], '5');
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const again = await patel.get('/api/patients/search?term=solb&page=1');
    assert.equal(again.statusCode, 200, 'the cancelled statement left nothing behind');
  });

  it('keeps the generated token secret in the database and applies no migration twice', async () => {
    const token = await signIn(server, 's.hughes');
    await server.app.close();
    const again = await buildApp(testConfig(dataDir, { DATABASE_URL: databaseUrl }));
    server = { ...server, app: again, close: () => again.close() };
    const response = await asUser(server, token).get('/api/patients/recent');
    assert.equal(response.statusCode, 200, 'a token from before the restart is still valid');
    const { rows } = await again.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM schema_migrations`,
    );
    assert.equal(rows[0]?.n, migrations.length);
  });
});
