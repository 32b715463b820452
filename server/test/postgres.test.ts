import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
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

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (name) =>
        existsSync(path.join(root, name, 'bin', 'initdb')) &&
        existsSync(path.join(root, name, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const bin = findPostgresBin();
const skip = bin
  ? false
  : 'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)';

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function runPostgresTool(tool: string, args: string[]): void {
  const command = path.join(bin!, tool);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a real PostgreSQL through DATABASE_URL', { skip }, () => {
  let clusterDir = '';
  let dataDir = '';
  let databaseUrl = '';
  let server: TestServer;

  before(async () => {
    clusterDir = await makeTempDir('ewrt-pg-cluster-');
    if (process.getuid?.() === 0) {
      const idOf = (flag: string) =>
        Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
      const [uid, gid] = [idOf('-u'), idOf('-g')];
      chownSync(clusterDir, uid, gid);
    }
    const port = await freePort();
    runPostgresTool('initdb', [
      '-D',
      path.join(clusterDir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    runPostgresTool('pg_ctl', [
      '-D',
      path.join(clusterDir, 'data'),
      '-o',
      `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(clusterDir, 'server.log'),
      '-w',
      'start',
    ]);
    databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    dataDir = await makeTempDir();
    const config = testConfig(dataDir, { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
    const clock = createTestClock();
    const app = await buildApp(config, { clock: clock.now });
    server = { app, config, clock, dataDir, secrets: new Map(), close: () => app.close() };
  });

  after(async () => {
    // Every step runs even when an earlier one fails; the first failure is reported with the server log.
    const failures: unknown[] = [];
    const attempt = async (step: () => unknown) => {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    };
    await attempt(() => server?.close());
    if (clusterDir) {
      await attempt(() =>
        runPostgresTool('pg_ctl', [
          '-D',
          path.join(clusterDir, 'data'),
          '-m',
          'fast',
          '-t',
          '120',
          '-w',
          'stop',
        ]),
      );
    }
    const log =
      clusterDir && existsSync(path.join(clusterDir, 'server.log'))
        ? readFileSync(path.join(clusterDir, 'server.log'), 'utf8')
        : '';
    if (clusterDir) await attempt(() => rm(clusterDir, { recursive: true, force: true, maxRetries: 5 }));
    if (dataDir) await attempt(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
    if (failures.length > 0) {
      throw new Error(`Cleaning up the PostgreSQL test failed: ${String(failures[0])}\n${log.slice(-2000)}`);
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
