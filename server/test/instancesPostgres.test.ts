import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { JOB_UPDATE_EVENT, type Job } from '@ewrt/contract';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startServer, type RunningServer } from '../src/app/startServer.js';
import { ConfigError, loadConfig } from '../src/config/loadConfig.js';
import type { Database } from '../src/db/Database.js';
import { migrations } from '../src/db/migrations/migrations.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { runMigrations } from '../src/db/runMigrations.js';
import { DEMO_GROUPS, DEMO_USERS } from '../src/seed/demoOrganisation.js';
import { createPartsJobHandler, PARTS_JOB, PARTS_JOB_STEPS } from './support/partsJob.js';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from './support/postgresCluster.js';
import {
  asUser,
  createTestClock,
  makeTempDir,
  patientIdByMrn,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

// Several instances of the same build on one real PostgreSQL, as behind a load balancer: two API instances and a
// worker, started together on an empty database.

/** Polls `check` until it holds, or fails naming `what`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the role of an instance', () => {
  const postgres = { DATABASE_URL: 'postgres://db.example/ewrt' };

  it('is all by default; api never claims jobs; api and worker need a shared PostgreSQL', () => {
    assert.equal(loadConfig({}).role, 'all');
    assert.equal(loadConfig({}).jobConcurrency, 2);
    const apiOnly = loadConfig({ ...postgres, SERVER_ROLE: ' API ', JOB_CONCURRENCY: '4' });
    assert.equal(apiOnly.role, 'api');
    assert.equal(apiOnly.jobConcurrency, 0);
    assert.equal(loadConfig({ ...postgres, SERVER_ROLE: 'worker', JOB_CONCURRENCY: '3' }).jobConcurrency, 3);
    assert.throws(() => loadConfig({ SERVER_ROLE: 'worker' }), /needs DATABASE_URL/);
    assert.throws(
      () => loadConfig({ ...postgres, SERVER_ROLE: 'worker', JOB_CONCURRENCY: '0' }),
      ConfigError,
    );
    assert.throws(() => loadConfig({ ...postgres, SERVER_ROLE: 'scheduler' }), /must be api, worker or all/);
  });

  it('is read from the --role flag of the command line, which wins over SERVER_ROLE', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--conditions=@ewrt/source', '--import', 'tsx', 'src/main.ts', ...args], {
        cwd: new URL('..', import.meta.url),
        env: { ...process.env, SERVER_ROLE: 'all', DATABASE_URL: '', DATA_DIR: '/nonexistent/ewrt' },
        encoding: 'utf8',
        timeout: 30_000,
      });
    for (const args of [['--role', 'worker'], ['--role=worker']]) {
      const result = run(...args);
      assert.equal(result.status, 1);
      assert.match(result.stderr, /Cannot start the server: SERVER_ROLE worker needs DATABASE_URL/);
    }
  });
});

describe('several instances on one PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let cluster: PostgresCluster;
  const clock = createTestClock();
  const running: RunningServer[] = [];
  const dataDirs: string[] = [];
  /** A TestServer for the sign-in helpers, listening on `url` for sockets and fetch. */
  type Instance = TestServer & { url: string };
  let api: Instance;
  let otherApi: Instance;
  let worker: Instance;
  /** "<role> <event>" for every event the test job's handler went through, on whichever instance. */
  const events: string[] = [];
  let releaseHeldJob: () => void = () => undefined;
  const heldJob = new Promise<void>((resolve) => {
    releaseHeldJob = resolve;
  });

  async function start(role: 'api' | 'worker'): Promise<Instance> {
    const dataDir = await makeTempDir();
    dataDirs.push(dataDir);
    const config = testConfig(dataDir, {
      SERVER_ROLE: role,
      DATABASE_URL: cluster.databaseUrl,
      SEED_DEMO: 'true',
      // No heartbeat during the test: a worker claims a job because the API instance woke it through PostgreSQL.
      JOB_LEASE_SECONDS: '3600',
      JOB_HEARTBEAT_SECONDS: '3000',
      JOB_CONCURRENCY: '1',
    });
    const server = await startServer(config, { clock: clock.now });
    running.push(server);
    server.app.ctx.jobs.registerHandler(
      PARTS_JOB,
      createPartsJobHandler({
        record: (event) => events.push(`${role} ${event}`),
        beforePart: (job) => (job.inputData.hold ? heldJob : Promise.resolve()),
      }),
    );
    return {
      app: server.app,
      config,
      clock,
      dataDir,
      secrets: new Map(),
      url: server.url,
      close: () => server.close(),
    };
  }

  before(async () => {
    cluster = await startPostgresCluster();
    // All three race through migrations and the demo seed on the empty database.
    [api, otherApi, worker] = await Promise.all([start('api'), start('api'), start('worker')]);
    // Every instance has heard the others' heartbeats, so each one LISTENs for their events.
    for (const server of [api, otherApi, worker]) {
      await eventually('the instances to find each other', async () => {
        return (await server.app.ctx.io.of('/').adapter.serverCount()) === 3;
      });
    }
  });
  after(async () => {
    releaseHeldJob();
    for (const server of running) await server.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    await cluster?.stop();
  });

  it('migrates and seeds the database once when they start together', async () => {
    const count = async (table: string) =>
      (await api.app.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    assert.equal(await count('schema_migrations'), migrations.length);
    assert.equal(await count('users'), DEMO_USERS.length);
    assert.equal(await count('groups'), DEMO_GROUPS.length);
  });

  it('applies each migration on one connection only, the others waiting under the lock', async () => {
    const admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE fresh');
    await admin.end();
    const freshUrl = cluster.databaseUrl.replace(/\/postgres$/, '/fresh');
    const databases: Database[] = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ dataDir: '/nonexistent', databaseUrl: freshUrl })),
    );
    try {
      let emptyWhenLocked = 0;
      const applied = await Promise.all(
        databases.map((db) =>
          runMigrations(db, {
            thenUnderLock: async (session) => {
              const { rows } = await session.query<{ n: number }>('SELECT count(*)::int AS n FROM groups');
              if (rows[0]!.n === 0) {
                emptyWhenLocked += 1;
                await session.query(`INSERT INTO groups (name, created_at) VALUES ('seeded once', now())`);
              }
            },
          }),
        ),
      );
      const counts = applied.map((versions) => versions.length).sort((a, b) => a - b);
      assert.deepEqual(counts, [0, 0, migrations.length]);
      assert.equal(emptyWhenLocked, 1);
    } finally {
      for (const db of databases) await db.close();
    }
  });

  it('runs a job queued on an API instance on the worker, pushing its progress to a socket on the API instance', async () => {
    const token = await signIn(api, 'dr.patel');
    const socket: Socket = await new Promise((resolve, reject) => {
      const connecting = connectSocket(api.url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      connecting.on('connect', () => resolve(connecting));
      connecting.on('connect_error', reject);
    });
    const seen: Job[] = [];
    socket.on(JOB_UPDATE_EVENT, (job: Job) => seen.push(job));
    try {
      const { rows } = await api.app.ctx.db.query<{ id: number; group_id: number }>(
        `SELECT id, group_id FROM users WHERE username = 'dr.patel'`,
      );
      const { id } = await api.app.ctx.jobs.enqueue({
        jobType: PARTS_JOB,
        userId: rows[0]!.id,
        groupId: rows[0]!.group_id,
        patientId: await patientIdByMrn(api, 'DEMO-1001'),
        inputData: { parts: 3 },
        steps: PARTS_JOB_STEPS,
        title: 'scan.pdf',
      });
      await eventually('the completed job on the API instance socket', () =>
        seen.some((job) => job.id === id && job.status === 'completed'),
      );
      // The worker ran every part; neither API instance touched the job.
      assert.deepEqual(
        events.filter((event) => event.endsWith(` ${id}`)),
        [
          `worker prepare ${id}`,
          `worker part 1 of ${id}`,
          `worker part 2 of ${id}`,
          `worker part 3 of ${id}`,
          `worker finish ${id}`,
        ],
      );
      const progress = seen.filter((job) => job.id === id).map((job) => job.progress_percentage);
      assert.ok(
        progress.some((value) => value > 0 && value < 100),
        `no progress between: ${progress.join(', ')}`,
      );
    } finally {
      socket.disconnect();
    }
  });

  it('refuses on one API instance a token signed out on the other', async () => {
    const token = await signIn(api, 'dr.okafor');
    const onApi = asUser(api, token);
    const onOther = asUser(otherApi, token);
    assert.equal((await onOther.get('/api/groups')).statusCode, 200);
    assert.equal((await onApi.post('/api/logout')).statusCode, 200);
    assert.equal((await onOther.get('/api/groups')).statusCode, 401);
  });

  it('drops a changed user from the profile cache of every instance, not only where it changed', async () => {
    const { rows } = await api.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE username = 's.hughes'`,
    );
    const userId = rows[0]!.id;
    assert.equal((await otherApi.app.ctx.users.getCached(userId))?.accessLevelLabel, 'Standard');
    await api.app.ctx.db.query(
      `UPDATE users SET access_level_id = (SELECT id FROM access_levels WHERE label = 'Read Only') WHERE id = $1`,
      [userId],
    );
    api.app.ctx.users.invalidate(userId);
    // Well within USER_CACHE_TTL_SECONDS (30 s), and the test clock does not move.
    await eventually(
      'the other instance to drop its cached profile',
      async () => (await otherApi.app.ctx.users.getCached(userId))?.accessLevelLabel === 'Read Only',
      5_000,
    );
  });

  it('serves only the health calls on a worker, and answers 503 for readiness while a SIGTERM drain runs', async () => {
    const ready = await fetch(`${worker.url}/api/health/ready`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok', role: 'worker' });
    assert.equal((await fetch(`${worker.url}/api/login`, { method: 'POST' })).status, 404);

    const { rows } = await api.app.ctx.db.query<{ id: number; group_id: number }>(
      `SELECT id, group_id FROM users WHERE username = 'dr.patel'`,
    );
    const { id } = await api.app.ctx.jobs.enqueue({
      jobType: PARTS_JOB,
      userId: rows[0]!.id,
      groupId: rows[0]!.group_id,
      patientId: null,
      inputData: { parts: 2, hold: true },
      steps: PARTS_JOB_STEPS,
    });
    await eventually('the worker to start the held job', () => events.includes(`worker prepare ${id}`));

    // What SIGTERM calls: the worker drains while its job's part is still running.
    const closed = worker.close();
    const draining = await fetch(`${worker.url}/api/health/ready`);
    assert.equal(draining.status, 503);
    assert.equal(((await draining.json()) as { message: string }).message, 'This instance is shutting down');
    assert.equal((await fetch(`${worker.url}/api/health/live`)).status, 200);
    releaseHeldJob();
    await closed;

    // Handed back, not finished and not failed: another worker resumes it from its last completed step.
    const job = await api.app.ctx.jobs.get(id);
    assert.equal(job?.status, 'pending');
    assert.ok(!events.includes(`worker finish ${id}`));
    assert.equal((await fetch(`${api.url}/api/health/ready`)).status, 200);
  });
});
