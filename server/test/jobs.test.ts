import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { JOB_UPDATE_EVENT, type Job } from '@ewrt/contract';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ConfigError, loadConfig } from '../src/config/loadConfig.js';
import {
  createJobQueue,
  JOB_CRASHED_MESSAGE,
  type ManagedJobQueue,
} from '../src/features/jobs/createJobQueue.js';
import { UNEXPECTED_JOB_FAILURE, type JobContext, type NewJob } from '../src/features/jobs/JobQueue.js';
import { JobFailedError } from '../src/features/jobs/JobFailedError.js';
import { JobLeaseLostError } from '../src/features/jobs/JobLeaseLostError.js';
import { createPartsJobHandler, PARTS_JOB, PARTS_JOB_STEPS } from './support/partsJob.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

/** A job type whose one step does nothing but wait for its signal, under the time limit its input gives. */
const TIME_LIMITED_JOB = 'test_time_limited';
/** The fairness limits of a second queue a test starts by hand: those of the default configuration. */
const QUEUE_LIMITS = { jobUserConcurrency: 1, jobGroupConcurrency: 0 };
/** A job type no queue handles: its jobs stay pending, which is what the pending-state tests need. */
const UNHANDLED_JOB = 'test_unhandled';
// Leases far longer than any test, and no heartbeat during one: a test takes a lease away only by moving the clock.
const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let hughes: ReturnType<typeof asUser>;
let viewer: ReturnType<typeof asUser>;
let okafor: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
const tokens: Record<string, string> = {};
const users: Record<string, { id: number; groupId: number }> = {};
const patients: Record<string, number> = {};

/** What the test handler went through, in order. */
let events: string[] = [];
/** What the current test does before each part (nothing by default). */
let beforePart: (job: JobContext, part: number) => Promise<void> = async () => undefined;

/** A point in a handler that the test holds closed until it has looked at the job. */
function createGate() {
  let open!: () => void;
  let markReached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  return {
    open,
    reached,
    async pass() {
      markReached();
      await opened;
    },
  };
}

/** Resolves once `signal` is aborted: a step that does nothing but watch its signal. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function partsJob(user: string, overrides: Partial<NewJob> = {}): NewJob {
  return {
    jobType: PARTS_JOB,
    userId: users[user]!.id,
    groupId: users[user]!.groupId,
    patientId: patients.whitfield!,
    inputData: { filename: 'letter.pdf', file_size_mb: 0.2, parts: 3 },
    steps: PARTS_JOB_STEPS,
    title: 'letter.pdf',
    ...overrides,
  };
}

async function enqueue(job: NewJob): Promise<number> {
  return (await server.app.ctx.jobs.enqueue(job)).id;
}

const jobOf = (id: number) => server.app.ctx.jobs.get(id);
const waitForStatus = (id: number, status: Job['status']) =>
  waitFor(
    () => jobOf(id),
    (job) => job?.status === status,
    `job ${id} to be ${status}`,
  );

before(async () => {
  server = await createTestServer(JOB_ENV);
  for (const username of ['dr.patel', 's.hughes', 'r.viewer', 'dr.okafor', 'admin']) {
    tokens[username] = await signIn(server, username);
  }
  patel = asUser(server, tokens['dr.patel']!);
  hughes = asUser(server, tokens['s.hughes']!);
  viewer = asUser(server, tokens['r.viewer']!);
  okafor = asUser(server, tokens['dr.okafor']!);
  admin = asUser(server, tokens.admin!);
  const { rows } = await server.app.ctx.db.query<{ username: string; id: number; group_id: number }>(
    `SELECT username, id, group_id FROM users`,
  );
  for (const row of rows) users[row.username] = { id: row.id, groupId: row.group_id };
  for (const [key, mrn] of Object.entries({
    whitfield: 'DEMO-1001',
    bennett: 'DEMO-1002',
    raman: 'DEMO-1003',
    ashworth: 'DEMO-1004',
    doherty: 'DEMO-2001',
  })) {
    patients[key] = await patientIdByMrn(server, mrn);
  }
  server.app.ctx.jobs.registerHandler(TIME_LIMITED_JOB, async (job) => {
    await job.step('prepare', { timeLimitMs: Number(job.inputData.limit_ms) }, () =>
      untilAborted(job.signal),
    );
    return {};
  });
  server.app.ctx.jobs.registerHandler(
    PARTS_JOB,
    createPartsJobHandler({
      record: (event) => events.push(event),
      beforePart: (job, part) => beforePart(job, part),
    }),
  );
});
after(() => server.close());
beforeEach(() => {
  events = [];
  beforePart = async () => undefined;
});

describe('running a job', () => {
  it('runs the steps in order, derives progress from them and answers the status with steps and logs', async () => {
    const gate = createGate();
    beforePart = async (_job, part) => {
      if (part === 2) await gate.pass();
    };
    const id = await enqueue(partsJob('dr.patel', { inputData: { filename: 'letter.pdf', parts: 4 } }));
    await gate.reached;

    const midway = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.equal(midway.status, 'running');
    assert.equal(midway.job.started_at !== null, true);
    // "prepare" done (half the job), "work" a quarter done: 50 + 12.5.
    assert.equal(midway.progress_percentage, 62.5);
    assert.equal(midway.current_step_description, 'Part 1 of 4 done');
    assert.deepEqual(
      midway.progress_steps.map(
        (step: { step_name: string; status: string; progress_percentage: number }) => [
          step.step_name,
          step.status,
          step.progress_percentage,
        ],
      ),
      [
        ['prepare', 'completed', 100],
        ['work', 'running', 25],
      ],
    );
    gate.open();

    const finished = await waitForStatus(id, 'completed');
    assert.equal(finished?.progress_percentage, 100);
    assert.deepEqual(finished?.output_data, { processing_result: { chunks_created: 4 } });
    assert.deepEqual(events, [
      `prepare ${id}`,
      `part 1 of ${id}`,
      `part 2 of ${id}`,
      `part 3 of ${id}`,
      `part 4 of ${id}`,
      `finish ${id}`,
    ]);

    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.equal(status.status, 'completed');
    assert.equal(status.job.id, id);
    assert.deepEqual(status.job.input_data, { filename: 'letter.pdf', parts: 4 });
    assert.equal(status.job.patient_id, patients.whitfield);
    assert.ok(status.job.completed_at);
    assert.deepEqual(
      status.progress_steps.map((step: { step_name: string; step_description: string; status: string }) => [
        step.step_name,
        step.step_description,
        step.status,
      ]),
      [
        ['prepare', 'Preparing the parts', 'completed'],
        ['work', 'Working through the parts', 'completed'],
      ],
    );
    assert.ok(status.progress_steps.every((step: { completed_at: string | null }) => step.completed_at));
    assert.deepEqual(
      status.recent_logs.map((line: { level: string; message: string }) => `${line.level}: ${line.message}`),
      [
        'info: Processing started',
        'info: part 1 done',
        'info: part 2 done',
        'info: part 3 done',
        'info: part 4 done',
        'info: Completed',
      ],
    );
    assert.equal(status.recent_logs[1].source, 'work', "a handler's line names the step it was written in");
  });

  it('gives recent_logs as the last 50 lines, oldest first', async () => {
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 60 } }));
    await waitForStatus(id, 'completed');
    const logs = (await patel.get(`/api/jobs/${id}/status`)).json().recent_logs as { message: string }[];
    assert.equal(logs.length, 50);
    assert.equal(logs[0]?.message, 'part 12 done');
    assert.equal(logs.at(-1)?.message, 'Completed');
  });

  it("fails a job with the product's own reason, the failed step and a log line", async () => {
    beforePart = async (_job, part) => {
      if (part === 2) throw new JobFailedError('The file could not be read: it is not a readable PDF');
    };
    const id = await enqueue(partsJob('dr.patel'));
    const failed = await waitForStatus(id, 'failed');
    assert.equal(failed?.error_message, 'The file could not be read: it is not a readable PDF');
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.deepEqual(
      status.progress_steps.map((step: { status: string }) => step.status),
      ['completed', 'failed'],
    );
    const lastLine = status.recent_logs.at(-1);
    assert.equal(lastLine.level, 'error');
    assert.equal(lastLine.message, 'The file could not be read: it is not a readable PDF');
    assert.ok(!events.includes(`finish ${id}`));
  });

  it("shows a library's unexpected error as the product's message, in the job and its log alike", async () => {
    const libraryText = '[xmldom error] entity not found:&xxe; at /srv/app/node_modules/x.js:12';
    beforePart = async (_job, part) => {
      if (part === 2) throw new Error(libraryText);
    };
    const id = await enqueue(partsJob('dr.patel'));
    const failed = await waitForStatus(id, 'failed');
    assert.equal(failed?.error_message, UNEXPECTED_JOB_FAILURE);
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.equal(status.error_message, UNEXPECTED_JOB_FAILURE);
    assert.ok(!JSON.stringify(status).includes('xmldom'), 'no library text reaches the user');
    assert.equal(status.recent_logs.at(-1).message, UNEXPECTED_JOB_FAILURE);
  });

  it('fails a step that runs past its time limit with a message naming the step and the limit', async () => {
    const id = await enqueue(
      partsJob('dr.patel', { jobType: TIME_LIMITED_JOB, inputData: { limit_ms: 1_000 } }),
    );
    const failed = await waitForStatus(id, 'failed');
    const message = 'Preparing the parts took longer than its time limit of 1 second and was stopped';
    assert.equal(failed?.error_message, message);
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.deepEqual(
      status.progress_steps.map((step: { status: string }) => step.status),
      ['failed', 'skipped'],
    );
    assert.equal(status.recent_logs.at(-1).message, message);
  });

  it('fails a job abandoned by its workers too often with the crash message the client recognises', async () => {
    const id = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB });
    // Three workers claimed it and went silent: the last lease ran out an hour ago.
    await server.app.ctx.db.query(
      `UPDATE jobs SET status = 'running', attempts = 3, lease_owner = 'a-worker-that-died',
              lease_expires_at = $2::timestamptz WHERE id = $1`,
      [id, new Date(server.clock.now().getTime() - 3_600_000).toISOString()],
    );
    server.app.ctx.jobs.notify();
    const failed = await waitForStatus(id, 'failed');
    assert.equal(failed?.error_message, JOB_CRASHED_MESSAGE);
    assert.match(JOB_CRASHED_MESSAGE, /crashed/);
    const logs = (await patel.get(`/api/jobs/${id}/status`)).json().recent_logs;
    assert.equal(logs.at(-1).message, `${JOB_CRASHED_MESSAGE} (after 3 attempts)`);
  });
});

describe('cancelling', () => {
  it('cancels a pending job at once, and answers 409 for a job that has finished', async () => {
    const id = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB });
    const response = await patel.post(`/api/jobs/${id}/cancel`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().success, true);
    assert.equal(response.json().message, 'Job cancelled successfully');
    assert.equal(response.json().job.status, 'cancelled');
    assert.ok(response.json().job.completed_at);
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.deepEqual(
      status.progress_steps.map((step: { status: string }) => step.status),
      ['skipped', 'skipped'],
    );

    const again = await patel.post(`/api/jobs/${id}/cancel`);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This job was already cancelled and cannot be cancelled');

    const done = await enqueue(partsJob('dr.patel', { inputData: { parts: 1 } }));
    await waitForStatus(done, 'completed');
    const late = await patel.post(`/api/jobs/${done}/cancel`);
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().message, 'This job has already completed and cannot be cancelled');
  });

  it('stops a running job at once, in the middle of its part, as cancelled', async () => {
    const gate = createGate();
    beforePart = async (_job, part) => {
      if (part === 2) await gate.pass();
    };
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 4 } }));
    await gate.reached;
    const response = await patel.post(`/api/jobs/${id}/cancel`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, 'Cancellation requested: the job is stopping');
    assert.equal(response.json().job.status, 'running');
    gate.open();

    const cancelled = await waitForStatus(id, 'cancelled');
    assert.ok(cancelled?.completed_at);
    // The cancel aborted the job's signal: part 2, under way when it came, was never recorded as done.
    assert.deepEqual(events, [`prepare ${id}`, `part 1 of ${id}`]);
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.deepEqual(
      status.progress_steps.map((step: { status: string }) => step.status),
      ['completed', 'skipped'],
    );
    const messages = status.recent_logs.map((line: { message: string }) => line.message);
    assert.ok(messages.includes('Cancellation requested by Dr Asha Patel'), messages.join(' | '));
    assert.equal(messages.at(-1), 'Cancelled at the user\u2019s request');
  });

  it('stops within 5 s a step that only waits for its signal, with no heartbeat in between', async () => {
    beforePart = (job) => untilAborted(job.signal);
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 2 } }));
    await waitFor(
      () => server.app.ctx.db.query(`SELECT status FROM job_steps WHERE job_id = $1 AND position = 1`, [id]),
      ({ rows }) => rows[0]?.status === 'running',
      'the work step to start',
    );
    const started = Date.now();
    assert.equal((await patel.post(`/api/jobs/${id}/cancel`)).statusCode, 200);
    await waitForStatus(id, 'cancelled');
    assert.ok(Date.now() - started < 5_000, `stopped after ${Date.now() - started} ms`);
    const status = (await patel.get(`/api/jobs/${id}/status`)).json();
    assert.equal(status.recent_logs.at(-1).message, 'Cancelled at the user\u2019s request');
  });

  it('ends a cancelled job within 5 s even when its step ignores the signal', async () => {
    const gate = createGate();
    beforePart = () => gate.pass();
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 2 } }));
    await gate.reached;
    const started = Date.now();
    assert.equal((await patel.post(`/api/jobs/${id}/cancel`)).statusCode, 200);
    await waitForStatus(id, 'cancelled');
    assert.ok(Date.now() - started < 5_000, `stopped after ${Date.now() - started} ms`);
    gate.open();
  });

  it('stops a job whose cancel another instance recorded, at the next lease check', async () => {
    beforePart = (job) => untilAborted(job.signal);
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 2 } }));
    await waitForStatus(id, 'running');
    // What the cancel call of another API instance writes: the flag alone, without this queue hearing of it.
    await server.app.ctx.db.query(`UPDATE jobs SET cancel_requested = true WHERE id = $1`, [id]);
    (server.app.ctx.jobs as ManagedJobQueue).checkLeasesNow();
    await waitForStatus(id, 'cancelled');
  });

  it("refuses cancelling to the Read Only level, which does not see the patient's jobs at all", async () => {
    const id = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB });
    const response = await viewer.post(`/api/jobs/${id}/cancel`);
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().message, 'Job not found');
    assert.equal((await jobOf(id))?.status, 'pending');
    await patel.post(`/api/jobs/${id}/cancel`);
  });
});

describe('leases', () => {
  it('lets another worker resume a job whose lease ran out, from its checkpoint, and finish it exactly once', async () => {
    const gate = createGate();
    let stuckSignal: AbortSignal | null = null;
    beforePart = async (job, part) => {
      if (part !== 2) return;
      stuckSignal = job.signal;
      await gate.pass();
    };
    const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 4 } }));
    await gate.reached;

    // The first worker is stuck: its lease runs out and a second server's worker takes the job over.
    server.clock.advance(3_601_000);
    const otherEvents: string[] = [];
    const other = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: { ...QUEUE_LIMITS, jobConcurrency: 1, jobLeaseSeconds: 3600, jobHeartbeatSeconds: 3000 },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    other.registerHandler(PARTS_JOB, createPartsJobHandler({ record: (event) => otherEvents.push(event) }));
    other.start();
    try {
      const completed = await waitForStatus(id, 'completed');
      assert.deepEqual(completed?.output_data, { processing_result: { chunks_created: 4 } });
      // It skipped "prepare" (completed) and part 1 (checkpointed) and did the rest.
      assert.deepEqual(otherEvents, [
        `part 2 of ${id}`,
        `part 3 of ${id}`,
        `part 4 of ${id}`,
        `finish ${id}`,
      ]);

      // The first worker wakes up: its first write finds the lease gone, so it stops having written nothing.
      gate.open();
      await waitFor(async () => stuckSignal?.aborted ?? false, Boolean, 'the first worker to notice');
      assert.ok((stuckSignal as AbortSignal | null)?.reason instanceof JobLeaseLostError);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        events,
        [`prepare ${id}`, `part 1 of ${id}`],
        'the first worker recorded no more parts',
      );
      assert.deepEqual(await jobOf(id), completed, 'the finished job is untouched');
      const messages = (await patel.get(`/api/jobs/${id}/status`))
        .json()
        .recent_logs.map((line: { message: string }) => line.message);
      assert.ok(
        messages.includes('Resumed after its previous worker stopped responding (attempt 2 of 3)'),
        messages.join(' | '),
      );
      assert.equal(messages.filter((message: string) => message === 'part 2 done').length, 1);
      assert.equal(messages.filter((message: string) => message === 'Completed').length, 1);
    } finally {
      await other.stop();
    }
  });

  it('hands a running job back as pending when its server stops, and another worker finishes it', async () => {
    const held = createGate();
    const first = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: { ...QUEUE_LIMITS, jobConcurrency: 1, jobLeaseSeconds: 3600, jobHeartbeatSeconds: 3000 },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    const firstEvents: string[] = [];
    let abortedWith: unknown = null;
    first.registerHandler(
      'test_stoppable',
      createPartsJobHandler({
        record: (event) => firstEvents.push(event),
        beforePart: async (job, part) => {
          if (part !== 2) return;
          const aborted = new Promise((resolve) => job.signal.addEventListener('abort', resolve));
          void held.pass();
          await aborted;
          abortedWith = job.signal.reason;
          throw job.signal.reason;
        },
      }),
    );
    first.start();
    const id = await enqueue({ ...partsJob('dr.patel'), jobType: 'test_stoppable' });
    await held.reached;
    await first.stop();
    assert.ok(abortedWith instanceof JobLeaseLostError);
    const pending = await jobOf(id);
    assert.equal(pending?.status, 'pending');
    const { rows } = await server.app.ctx.db.query<{ attempts: number }>(
      `SELECT attempts FROM jobs WHERE id = $1`,
      [id],
    );
    assert.equal(rows[0]?.attempts, 0, 'a clean stop is not counted as a crash');

    const second = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: { ...QUEUE_LIMITS, jobConcurrency: 1, jobLeaseSeconds: 3600, jobHeartbeatSeconds: 3000 },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    const secondEvents: string[] = [];
    second.registerHandler(
      'test_stoppable',
      createPartsJobHandler({ record: (event) => secondEvents.push(event) }),
    );
    second.start();
    try {
      await waitForStatus(id, 'completed');
    } finally {
      await second.stop();
    }
    assert.deepEqual(firstEvents, [`prepare ${id}`, `part 1 of ${id}`]);
    assert.deepEqual(secondEvents, [`part 2 of ${id}`, `part 3 of ${id}`, `finish ${id}`]);
  });
});

describe('fair queues', { timeout: 120_000 }, () => {
  /** One gate per job, held at its first part: a job stays running until the test opens its gate. */
  function gatePerJob() {
    const gates = new Map<number, ReturnType<typeof createGate>>();
    const of = (id: number) => {
      if (!gates.has(id)) gates.set(id, createGate());
      return gates.get(id)!;
    };
    return {
      of,
      hold: (job: JobContext, part: number) => (part === 1 ? of(job.id).pass() : Promise.resolve()),
      openAll: () => {
        for (const gate of gates.values()) gate.open();
      },
    };
  }
  const statusesOf = async (ids: number[]) => (await Promise.all(ids.map(jobOf))).map((job) => job?.status);

  it("claims another user's job before one user's flood drains, running one job of the flood at a time", async () => {
    const gates = gatePerJob();
    beforePart = gates.hold;
    const flood: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      flood.push(await enqueue(partsJob('dr.patel', { inputData: { parts: 1 } })));
    }
    await gates.of(flood[0]!).reached;
    const other = await enqueue(partsJob('s.hughes', { inputData: { parts: 1 } }));
    // The second slot stayed free for someone else: the newcomer's job runs at once, ahead of four older ones.
    await gates.of(other).reached;
    assert.deepEqual(await statusesOf(flood), ['running', 'pending', 'pending', 'pending', 'pending']);

    beforePart = async () => undefined;
    gates.openAll();
    for (const id of [...flood, other]) await waitForStatus(id, 'completed');
    // The flood's jobs ran one after another: each began only after the one before it had finished.
    const starts = events.filter((event) => event.startsWith('prepare ') || event.startsWith('finish '));
    const floodEvents = starts.filter((event) => flood.includes(Number(event.split(' ')[1])));
    assert.deepEqual(
      floodEvents,
      flood.flatMap((id) => [`prepare ${id}`, `finish ${id}`]),
    );
  });

  it('gives the next free slot to the user with the fewest jobs running, even with no per-user limit', async () => {
    const gates = gatePerJob();
    const queue = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: {
        jobUserConcurrency: 0,
        jobGroupConcurrency: 0,
        jobConcurrency: 2,
        jobLeaseSeconds: 3600,
        jobHeartbeatSeconds: 3000,
      },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    queue.registerHandler(
      'test_fair',
      createPartsJobHandler({ record: (event) => events.push(event), beforePart: gates.hold }),
    );
    queue.start();
    try {
      const flood: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        flood.push(await enqueue(partsJob('dr.patel', { jobType: 'test_fair', inputData: { parts: 1 } })));
        queue.notify();
      }
      await gates.of(flood[0]!).reached;
      await gates.of(flood[1]!).reached;
      const other = await enqueue(partsJob('s.hughes', { jobType: 'test_fair', inputData: { parts: 1 } }));
      queue.notify();
      assert.equal((await jobOf(other))?.status, 'pending', 'both slots are taken');

      gates.of(flood[0]!).open();
      await gates.of(other).reached;
      assert.deepEqual(await statusesOf(flood), ['completed', 'running', 'pending', 'pending']);
      gates.openAll();
      gates.of(flood[2]!).open();
      gates.of(flood[3]!).open();
      for (const id of [...flood, other]) await waitForStatus(id, 'completed');
    } finally {
      gates.openAll();
      await queue.stop();
    }
  });

  it("holds one group's jobs to JOB_GROUP_CONCURRENCY while another group's job runs", async () => {
    const gates = gatePerJob();
    const queue = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: {
        jobUserConcurrency: 0,
        jobGroupConcurrency: 1,
        jobConcurrency: 2,
        jobLeaseSeconds: 3600,
        jobHeartbeatSeconds: 3000,
      },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    queue.registerHandler(
      'test_group_fair',
      createPartsJobHandler({ record: (event) => events.push(event), beforePart: gates.hold }),
    );
    queue.start();
    try {
      assert.notEqual(users['dr.patel']!.groupId, users['dr.okafor']!.groupId, 'two groups');
      const first = await enqueue(
        partsJob('dr.patel', { jobType: 'test_group_fair', inputData: { parts: 1 } }),
      );
      queue.notify();
      await gates.of(first).reached;
      const sameGroup = await enqueue(
        partsJob('s.hughes', { jobType: 'test_group_fair', inputData: { parts: 1 } }),
      );
      const otherGroup = await enqueue(
        partsJob('dr.okafor', {
          jobType: 'test_group_fair',
          patientId: patients.doherty!,
          inputData: { parts: 1 },
        }),
      );
      queue.notify();
      await gates.of(otherGroup).reached;
      assert.equal((await jobOf(sameGroup))?.status, 'pending', 'its group already runs a job');
      gates.of(first).open();
      await gates.of(sameGroup).reached;
      gates.openAll();
      for (const id of [first, sameGroup, otherGroup]) await waitForStatus(id, 'completed');
    } finally {
      gates.openAll();
      await queue.stop();
    }
  });
});

describe('configuration', () => {
  it('runs two jobs at once by default, with a 30 s lease extended every 10 s, and checks the pair', () => {
    const config = loadConfig({});
    assert.deepEqual(
      [config.jobConcurrency, config.jobLeaseSeconds, config.jobHeartbeatSeconds],
      [2, 30, 10],
    );
    assert.throws(
      () => loadConfig({ JOB_LEASE_SECONDS: '20', JOB_HEARTBEAT_SECONDS: '20' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message === 'JOB_HEARTBEAT_SECONDS (20) must be less than JOB_LEASE_SECONDS (20)',
    );
  });

  it('claims nothing on a server whose JOB_CONCURRENCY is 0', async () => {
    const idle = createJobQueue({
      db: server.app.ctx.db,
      clock: server.clock.now,
      config: { ...QUEUE_LIMITS, jobConcurrency: 0, jobLeaseSeconds: 3600, jobHeartbeatSeconds: 3000 },
      io: server.app.ctx.io,
      log: server.app.log,
    });
    idle.registerHandler(
      'test_for_idle_server',
      createPartsJobHandler({ record: (event) => events.push(event) }),
    );
    idle.start();
    try {
      const id = await enqueue({ ...partsJob('dr.patel'), jobType: 'test_for_idle_server' });
      idle.notify();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal((await jobOf(id))?.status, 'pending');
      assert.deepEqual(events, []);
      await patel.post(`/api/jobs/${id}/cancel`);
    } finally {
      await idle.stop();
    }
  });
});

describe('socket push', () => {
  it("sends each change of a job to its owner's sockets and to nobody else's", async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(url, {
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const owner = await connect(tokens['dr.patel']!);
    const stranger = await connect(tokens['s.hughes']!);
    const ownerSaw: Job[] = [];
    const strangerSaw: Job[] = [];
    owner.on(JOB_UPDATE_EVENT, (job: Job) => ownerSaw.push(job));
    stranger.on(JOB_UPDATE_EVENT, (job: Job) => strangerSaw.push(job));
    try {
      const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 2 } }));
      await waitFor(
        async () => ownerSaw.filter((job) => job.id === id).map((job) => job.status),
        (statuses) => statuses.includes('completed'),
        'the completed job on the owner socket',
      );
      const statuses = ownerSaw.filter((job) => job.id === id).map((job) => job.status);
      assert.equal(statuses[0], 'pending');
      assert.ok(statuses.includes('running'));
      assert.equal(statuses.at(-1), 'completed');
      const last = ownerSaw.filter((job) => job.id === id).at(-1);
      assert.deepEqual(last, await jobOf(id), 'the pushed job is the job as the API gives it');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(strangerSaw, []);
    } finally {
      owner.disconnect();
      stranger.disconnect();
    }
  });
});

describe('who may see jobs', () => {
  let patelJob: number;
  let hughesJobWithoutPatient: number;

  before(async () => {
    patelJob = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB });
    hughesJobWithoutPatient = await enqueue({
      ...partsJob('s.hughes', { patientId: null }),
      jobType: UNHANDLED_JOB,
    });
  });
  after(async () => {
    await patel.post(`/api/jobs/${patelJob}/cancel`);
    await hughes.post(`/api/jobs/${hughesJobWithoutPatient}/cancel`);
  });

  it("lists a full-access patient's jobs, newest first, to the group and to administrators", async () => {
    const mine = await patel.get(`/api/patients/${patients.whitfield}/jobs`);
    assert.equal(mine.statusCode, 200, mine.body);
    const ids: number[] = mine.json().jobs.map((job: Job) => job.id);
    assert.equal(ids[0], patelJob, 'newest first');
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.ok(!ids.includes(hughesJobWithoutPatient), 'a job without a patient is in no patient list');
    assert.deepEqual((await admin.get(`/api/patients/${patients.whitfield}/jobs`)).json(), mine.json());
    assert.deepEqual((await hughes.get(`/api/patients/${patients.whitfield}/jobs`)).json(), mine.json());
    assert.deepEqual((await patel.get(`/api/patients/${patients.ashworth}/jobs`)).json(), { jobs: [] });
  });

  it('refuses pagination-only and view-only access with 403, and hides other groups behind 404', async () => {
    for (const patient of ['bennett', 'raman']) {
      const refused = await patel.get(`/api/patients/${patients[patient]}/jobs`);
      assert.equal(refused.statusCode, 403, patient);
      assert.equal(
        refused.json().message,
        'Background jobs are available only for patients you have full access to',
      );
    }
    const otherGroup = await patel.get(`/api/patients/${patients.doherty}/jobs`);
    assert.equal(otherGroup.statusCode, 404);
    assert.equal(otherGroup.json().message, 'Patient not found');
    assert.equal((await okafor.get(`/api/patients/${patients.whitfield}/jobs`)).statusCode, 404);
  });

  it("refuses a patient's job list to a level without the documents feature (Read Only)", async () => {
    const refused = await viewer.get(`/api/patients/${patients.whitfield}/jobs`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'Your access level does not allow working with patient documents');
  });

  it('shows one job to its owner, to administrators and to users who may see its patient, else 404', async () => {
    assert.equal((await patel.get(`/api/jobs/${patelJob}/status`)).statusCode, 200);
    assert.equal((await admin.get(`/api/jobs/${patelJob}/status`)).statusCode, 200);
    assert.equal((await hughes.get(`/api/jobs/${patelJob}/status`)).statusCode, 200);
    const otherGroup = await okafor.get(`/api/jobs/${patelJob}/status`);
    assert.equal(otherGroup.statusCode, 404);
    assert.equal(otherGroup.json().message, 'Job not found');
    assert.equal((await okafor.post(`/api/jobs/${patelJob}/cancel`)).statusCode, 404);
    assert.equal((await hughes.get(`/api/jobs/${hughesJobWithoutPatient}/status`)).statusCode, 200);
    assert.equal((await patel.get(`/api/jobs/${hughesJobWithoutPatient}/status`)).statusCode, 404);
    assert.equal((await patel.post(`/api/jobs/${hughesJobWithoutPatient}/cancel`)).statusCode, 404);
    assert.equal((await admin.get(`/api/jobs/${hughesJobWithoutPatient}/status`)).statusCode, 200);
    assert.equal((await patel.get('/api/jobs/2147483647/status')).statusCode, 404);
  });

  it('hides the job of a patient the caller has only view-only access to', async () => {
    const id = await enqueue({
      ...partsJob('s.hughes', { patientId: patients.raman! }),
      jobType: UNHANDLED_JOB,
    });
    try {
      assert.equal((await hughes.get(`/api/jobs/${id}/status`)).statusCode, 200);
      assert.equal((await patel.get(`/api/jobs/${id}/status`)).statusCode, 404);
    } finally {
      await hughes.post(`/api/jobs/${id}/cancel`);
    }
  });

  it('audits every job call with the patient it concerns, refused ones included', async () => {
    await patel.get(`/api/jobs/${patelJob}/status`);
    await okafor.get(`/api/jobs/${patelJob}/status`);
    const { rows } = await server.app.ctx.db.query<{
      action: string;
      patient_id: number | null;
      details: never;
    }>(
      `SELECT action, patient_id, details FROM audit_log WHERE action = 'job.read' ORDER BY id DESC LIMIT 2`,
    );
    assert.deepEqual(
      rows.map((row) => [row.action, row.patient_id, (row.details as { outcome: string }).outcome]),
      [
        ['job.read', null, 'refused'],
        ['job.read', patients.whitfield, 'succeeded'],
      ],
    );
    await patel.get(`/api/patients/${patients.raman}/jobs`);
    const refused = await server.app.ctx.db.query<{ patient_id: number; details: { status: number } }>(
      `SELECT patient_id, details FROM audit_log WHERE action = 'job.list' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(refused.rows[0]?.patient_id, patients.raman);
    assert.equal(refused.rows[0]?.details.status, 403);
  });
});

describe('deleting all patient data', () => {
  it("deletes the patient's jobs with their steps and logs, and stops the one still running", async () => {
    const gate = createGate();
    let signal: AbortSignal | null = null;
    beforePart = async (job, part) => {
      if (part !== 2) return;
      signal = job.signal;
      await gate.pass();
    };
    const finished = await enqueue(
      partsJob('dr.patel', { patientId: patients.ashworth!, inputData: { parts: 1 } }),
    );
    await waitForStatus(finished, 'completed');
    const running = await enqueue(
      partsJob('dr.patel', { patientId: patients.ashworth!, inputData: { parts: 3 } }),
    );
    await gate.reached;
    const kept = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB });

    const response = await patel.delete(`/api/patients/${patients.ashworth}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().deleted.jobs, 2);
    await waitFor(async () => signal?.aborted ?? false, Boolean, 'the running job to be aborted');
    gate.open();
    await waitFor(async () => (await jobOf(running)) === null, Boolean, 'the job row to stay deleted');

    for (const table of ['jobs', 'job_steps', 'job_logs']) {
      const column = table === 'jobs' ? 'id' : 'job_id';
      const { rows } = await server.app.ctx.db.query(
        `SELECT 1 FROM ${table} WHERE ${column} = ANY($1::int[])`,
        [[finished, running]],
      );
      assert.deepEqual(rows, [], table);
    }
    assert.ok(!events.includes(`finish ${running}`));
    assert.deepEqual((await patel.get(`/api/patients/${patients.ashworth}/jobs`)).json(), { jobs: [] });
    assert.equal((await jobOf(kept))?.status, 'pending', "another patient's job is untouched");
    await patel.post(`/api/jobs/${kept}/cancel`);
  });
});

// Last: it moves the clock a day on, past the lifetime of every token signed in above.
describe('the navbar indicator', () => {
  it("serves only the caller's own active and recently finished jobs", async () => {
    const active = await enqueue({ ...partsJob('dr.patel'), jobType: UNHANDLED_JOB, title: 'pending.pdf' });
    const othersActive = await enqueue({ ...partsJob('s.hughes'), jobType: UNHANDLED_JOB });
    const finished = await enqueue(partsJob('dr.patel', { inputData: { parts: 1 }, title: 'done.pdf' }));
    await waitForStatus(finished, 'completed');
    try {
      const own = await patel.get(`/api/background-jobs/user/${users['dr.patel']!.id}/active`);
      assert.equal(own.statusCode, 200, own.body);
      const activeJobs = own.json().active_jobs;
      assert.ok(activeJobs.some((job: { id: number }) => job.id === active));
      assert.ok(!activeJobs.some((job: { id: number }) => job.id === othersActive));
      assert.deepEqual(Object.keys(activeJobs[0]).sort(), [
        'completed_at',
        'created_at',
        'current_step_description',
        'error_message',
        'id',
        'job_type',
        'patient_id',
        'progress_percentage',
        'status',
        'title',
      ]);
      assert.equal(activeJobs.find((job: { id: number }) => job.id === active).title, 'pending.pdf');

      const recent = (
        await patel.get(`/api/background-jobs/user/${users['dr.patel']!.id}/recent-completed`)
      ).json();
      assert.equal(recent.recent_completed[0].id, finished);
      assert.equal(recent.recent_completed[0].title, 'done.pdf');

      for (const path of ['active', 'recent-completed']) {
        const refused = await patel.get(`/api/background-jobs/user/${users['s.hughes']!.id}/${path}`);
        assert.equal(refused.statusCode, 403);
        assert.equal(refused.json().message, 'You can only see your own background jobs');
      }
    } finally {
      await patel.post(`/api/jobs/${active}/cancel`);
      await hughes.post(`/api/jobs/${othersActive}/cancel`);
    }
  });

  it('dismisses own jobs only, and keeps finished jobs for 24 hours, newest first, at most 10', async () => {
    const userId = users['dr.patel']!.id;
    let owner = patel;
    const recentIds = async () =>
      (await owner.get(`/api/background-jobs/user/${userId}/recent-completed`))
        .json()
        .recent_completed.map((job: { id: number }) => job.id) as number[];
    const ids: number[] = [];
    // Finished ten seconds apart.
    for (let index = 0; index < 12; index += 1) {
      server.clock.advance(10_000);
      const id = await enqueue(partsJob('dr.patel', { inputData: { parts: 1 } }));
      await waitForStatus(id, 'completed');
      ids.push(id);
    }
    assert.deepEqual(await recentIds(), ids.slice(2).reverse());

    const dismissed = await patel.post(`/api/background-jobs/dismiss/${ids[11]}`);
    assert.equal(dismissed.statusCode, 200);
    assert.deepEqual(dismissed.json(), { success: true });
    assert.deepEqual(await recentIds(), ids.slice(1, 11).reverse());
    const notMine = await hughes.post(`/api/background-jobs/dismiss/${ids[10]}`);
    assert.equal(notMine.statusCode, 404);
    assert.equal(notMine.json().message, 'Job not found');
    assert.ok((await recentIds()).includes(ids[10]!));

    // A day later, less 55 s (signing in again, as the old token has expired, moves the clock 30 s of it): the
    // jobs of the last 55 s before the newest one are still within 24 hours.
    server.clock.advance(24 * 60 * 60 * 1000 - 55_000 - 30_000);
    owner = asUser(server, await signIn(server, 'dr.patel'));
    assert.deepEqual(
      await recentIds(),
      ids.slice(6, 11).reverse(),
      'those finished over 24 hours ago are gone',
    );
    server.clock.advance(60_000);
    assert.deepEqual(await recentIds(), []);
  });
});
