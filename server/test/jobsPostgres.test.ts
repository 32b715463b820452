import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { Job } from '@ewrt/contract';
import { buildApp } from '../src/app/buildApp.js';
import type { Database } from '../src/db/Database.js';
import { openDatabase } from '../src/db/openDatabase.js';
import { createJobQueue, type ManagedJobQueue } from '../src/features/jobs/createJobQueue.js';
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

// Two servers sharing one real PostgreSQL, as behind a load balancer: their workers claim from one jobs table
// concurrently (the embedded database runs one statement at a time, so only here do claims really race).

describe('background jobs on a real PostgreSQL shared by two servers', { skip: skipWithoutPostgres }, () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  let otherDb: Database;
  let other: ManagedJobQueue;
  let patel: ReturnType<typeof asUser>;
  let patelId: number;
  let groupId: number;
  let patientId: number;
  const finishedBy = new Map<number, string[]>();

  const recordFor = (worker: string) => (event: string) => {
    const finished = /^finish (\d+)$/.exec(event);
    if (finished) {
      const id = Number(finished[1]);
      finishedBy.set(id, [...(finishedBy.get(id) ?? []), worker]);
    }
  };
  const jobOf = (id: number) => server.app.ctx.jobs.get(id);

  before(async () => {
    cluster = await startPostgresCluster();
    const dataDir = await makeTempDir();
    const config = testConfig(dataDir, {
      DATABASE_URL: cluster.databaseUrl,
      SEED_DEMO: 'true',
      JOB_LEASE_SECONDS: '3600',
      JOB_HEARTBEAT_SECONDS: '3000',
      // One user queues every job here: without a per-user limit both servers run them side by side.
      JOB_USER_CONCURRENCY: '0',
    });
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
    patel = asUser(server, await signIn(server, 'dr.patel'));
    const { rows } = await app.ctx.db.query<{ id: number; group_id: number }>(
      `SELECT id, group_id FROM users WHERE username = 'dr.patel'`,
    );
    patelId = rows[0]!.id;
    groupId = rows[0]!.group_id;
    patientId = await patientIdByMrn(server, 'DEMO-1001');

    const slowParts = () => delay(5);
    app.ctx.jobs.registerHandler(
      PARTS_JOB,
      createPartsJobHandler({ record: recordFor('first'), beforePart: slowParts }),
    );
    otherDb = await openDatabase(config);
    other = createJobQueue({
      db: otherDb,
      clock: clock.now,
      config: {
        jobUserConcurrency: 0,
        jobGroupConcurrency: 0,
        jobConcurrency: 2,
        jobLeaseSeconds: 3600,
        jobHeartbeatSeconds: 3000,
      },
      io: app.ctx.io,
      log: app.log,
    });
    other.registerHandler(
      PARTS_JOB,
      createPartsJobHandler({ record: recordFor('second'), beforePart: slowParts }),
    );
    other.start();
  });
  after(async () => {
    await other?.stop();
    await otherDb?.close();
    await server?.close();
    await cluster?.stop();
  });

  async function enqueue(parts: number, jobType = PARTS_JOB): Promise<number> {
    const { id } = await server.app.ctx.jobs.enqueue({
      jobType,
      userId: patelId,
      groupId,
      patientId,
      inputData: { filename: 'scan.pdf', parts },
      steps: PARTS_JOB_STEPS,
      title: 'scan.pdf',
    });
    other.notify();
    return id;
  }

  async function waitForAll(ids: number[], status: Job['status']): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const jobs = await Promise.all(ids.map(jobOf));
      if (jobs.every((job) => job?.status === status)) return;
      if (Date.now() > deadline)
        throw new Error(`not all ${status}: ${JSON.stringify(jobs.map((j) => j?.status))}`);
      await delay(25);
    }
  }

  it('runs each of many jobs exactly once, split between both servers', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 20; index += 1) ids.push(await enqueue(3));
    await waitForAll(ids, 'completed');
    await delay(100);
    for (const id of ids)
      assert.equal(finishedBy.get(id)?.length, 1, `job ${id}: ${finishedBy.get(id)?.join(', ')}`);
    const workers = new Set(ids.map((id) => finishedBy.get(id)![0]));
    assert.deepEqual([...workers].sort(), ['first', 'second'], 'both servers took jobs');
    const { rows } = await server.app.ctx.db.query<{ attempts: number }>(
      `SELECT DISTINCT attempts FROM jobs WHERE id = ANY($1::int[])`,
      [ids],
    );
    assert.deepEqual(rows, [{ attempts: 1 }], 'no job was claimed twice');
  });

  it('answers the status, list, cancel and indicator calls', async () => {
    const done = await enqueue(2);
    await waitForAll([done], 'completed');
    const status = (await patel.get(`/api/jobs/${done}/status`)).json();
    assert.equal(status.status, 'completed');
    assert.deepEqual(
      status.progress_steps.map((step: { status: string }) => step.status),
      ['completed', 'completed'],
    );
    assert.deepEqual(
      status.recent_logs.map((line: { message: string }) => line.message),
      ['Processing started', 'part 1 done', 'part 2 done', 'Completed'],
    );
    const listed = (await patel.get(`/api/patients/${patientId}/jobs`)).json().jobs;
    assert.equal(listed[0].id, done);

    const waiting = await enqueue(2, 'test_unhandled');
    const cancelled = await patel.post(`/api/jobs/${waiting}/cancel`);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().job.status, 'cancelled');
    assert.equal((await patel.post(`/api/jobs/${waiting}/cancel`)).statusCode, 409);

    const recent = (await patel.get(`/api/background-jobs/user/${patelId}/recent-completed`)).json();
    assert.deepEqual(
      recent.recent_completed.slice(0, 2).map((job: { id: number }) => job.id),
      [waiting, done],
    );
    assert.equal((await patel.post(`/api/background-jobs/dismiss/${waiting}`)).statusCode, 200);
    const active = (await patel.get(`/api/background-jobs/user/${patelId}/active`)).json();
    assert.deepEqual(active, { active_jobs: [] });
  });
});
