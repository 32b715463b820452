import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from '../../config/loadConfig.js';
import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';
import { JobCancelledError } from './JobCancelledError.js';
import { JobLeaseLostError } from './JobLeaseLostError.js';
import { JobTimeLimitError } from './JobTimeLimitError.js';
import {
  jobFailureMessage,
  type JobContext,
  type JobHandler,
  type JobLogLevel,
  type JobQueue,
  type JobStepOptions,
  type NewJob,
} from './JobQueue.js';
import {
  checkStepDeclarations,
  createJobRepository,
  toJob,
  type JobOutcome,
  type JobRow,
  type StepRow,
} from './jobRepository.js';
import { pushJobUpdate } from './pushJobUpdate.js';
import { announceToInstances } from '../../platform/realtime/createLiveEvents.js';

/** The error a job gets when its work keeps ending its workers (the spec's client maps "crashed"/"no activity"). */
export const JOB_CRASHED_MESSAGE = 'Processing crashed: no activity from its worker';
/** Claims of one job before it is failed with JOB_CRASHED_MESSAGE instead of being resumed again. */
export const MAX_JOB_ATTEMPTS = 3;
/** A job's progress is written, and pushed, at most this often (≤ 4 per second). */
const PROGRESS_INTERVAL_MS = 250;
/** On stop, how long running handlers get to notice the abort before their jobs are handed back. */
const STOP_WAIT_MS = 5_000;
const ENGINE_LOG_SOURCE = 'job_queue';
/** Sent to the other instances when a job was queued: their workers claim it now rather than at a heartbeat. */
const JOB_QUEUED_EVENT = 'ewrt:job-queued';
/** Sent to the other instances when a cancel was requested: the one running the job aborts it now. */
const JOB_CANCEL_EVENT = 'ewrt:job-cancel-requested';
/**
 * After its signal is aborted, how long a handler gets to stop before its job's outcome is written without it (its
 * slot stays taken until it does stop, so work that ignores the signal cannot pile up).
 */
const ABORT_GRACE_MS = 3_000;
const LONGEST_ERROR_MESSAGE = 2_000;
/** The advisory lock every instance's claim takes (any constant unique to the job queue). */
const JOB_CLAIM_LOCK = 0x6a6f6273;

export type JobQueueSettings = Pick<
  ServerConfig,
  'jobConcurrency' | 'jobUserConcurrency' | 'jobGroupConcurrency' | 'jobLeaseSeconds' | 'jobHeartbeatSeconds'
>;

/** The queue as buildApp holds it: the JobQueue every feature uses, and what the jobs feature itself needs. */
export interface ManagedJobQueue extends JobQueue {
  /**
   * Checks every lease this queue holds now instead of at the next heartbeat: a job deleted or taken over
   * meanwhile has its handler aborted at once (the purge of a patient's data calls it).
   */
  checkLeasesNow(): void;
  /**
   * A cancel of this job was just requested: the handler running it, on this instance or another, is aborted now
   * rather than at its next check.
   */
  stopCancelled(jobId: number): void;
}

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.trim() || 'The job failed without a message').slice(0, LONGEST_ERROR_MESSAGE);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The handler's result, or, once `signal` is aborted, its reason if the handler has not ended ABORT_GRACE_MS later. */
function settleAfterAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const givenUp = new Promise<never>((_resolve, reject) => {
    const giveUp = () => setTimeout(() => reject(signal.reason), ABORT_GRACE_MS).unref();
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
  });
  givenUp.catch(() => undefined);
  return Promise.race([work, givenUp]);
}

/**
 * The background job engine: `jobConcurrency` workers in this process claim jobs from the `jobs` table with
 * `FOR UPDATE SKIP LOCKED` (so several server processes share one queue), hold a lease that a heartbeat extends,
 * and write every state change guarded by that lease, so that a worker that lost its job can never finish it.
 * A job whose worker died is claimed again once its lease has run out and resumes from its completed steps and
 * last checkpoint; after MAX_JOB_ATTEMPTS claims it is failed. Every change is pushed to the owner's sockets.
 */
export function createJobQueue(deps: {
  db: Database;
  clock: Clock;
  config: JobQueueSettings;
  io: SocketServer;
  log: FastifyBaseLogger;
}): ManagedJobQueue {
  const { db, clock, io, log } = deps;
  const { jobConcurrency: concurrency, jobLeaseSeconds, jobHeartbeatSeconds } = deps.config;
  const jobs = createJobRepository(db);
  // Unique per queue, so that even two queues in one process never take a job from each other unnoticed.
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const handlers = new Map<string, JobHandler>();
  const running = new Map<number, RunningJob>();
  let started = false;
  let stopping = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let ticker: NodeJS.Timeout | null = null;

  const leaseUntil = () => new Date(clock().getTime() + jobLeaseSeconds * 1000);
  const push = (row: JobRow) => pushJobUpdate(io, row);

  async function engineLog(jobId: number, level: JobLogLevel, message: string, held = true): Promise<void> {
    await jobs.appendLog(jobId, held ? owner : null, {
      at: clock(),
      level,
      message,
      source: ENGINE_LOG_SOURCE,
    });
  }

  async function failAbandonedJobs(): Promise<void> {
    for (const row of await jobs.failAbandoned(clock(), MAX_JOB_ATTEMPTS, JOB_CRASHED_MESSAGE)) {
      log.warn({ jobId: row.id, attempts: row.attempts }, 'background job failed: its workers kept stopping');
      await engineLog(row.id, 'error', `${JOB_CRASHED_MESSAGE} (after ${row.attempts} attempts)`, false);
      push(row);
    }
  }

  /** Claims jobs while workers are free; one claim loop at a time, re-run when woken meanwhile. */
  function pump(): void {
    if (!started || stopping || concurrency === 0) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        await failAbandonedJobs();
        while (!stopping && running.size < concurrency && handlers.size > 0) {
          const row = await claimNext();
          if (!row) break;
          launch(row);
        }
      } while (pumpAgain && !stopping);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'claiming background jobs failed'))
      .finally(() => {
        pumping = null;
        if (pumpAgain) pump();
      });
  }

  /** One claim at a time across every instance, so that the per-user and per-group counts it reads are exact. */
  function claimNext(): Promise<JobRow | null> {
    return db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [JOB_CLAIM_LOCK]);
      return createJobRepository(tx).claimNext({
        owner,
        jobTypes: [...handlers.keys()],
        now: clock(),
        leaseUntil: leaseUntil(),
        maxAttempts: MAX_JOB_ATTEMPTS,
        runningHere: [...running.keys()],
        userLimit: deps.config.jobUserConcurrency,
        groupLimit: deps.config.jobGroupConcurrency,
      });
    });
  }

  function launch(row: JobRow): void {
    const controller = new AbortController();
    const done = runJob(row, controller)
      .catch((error: unknown) =>
        log.error({ err: error, jobId: row.id }, 'background job could not be recorded'),
      )
      .finally(() => {
        running.delete(row.id);
        pump();
      });
    running.set(row.id, { controller, done });
  }

  async function checkLeases(): Promise<void> {
    for (const [jobId, job] of running) {
      if (job.controller.signal.aborted) continue;
      const lease = await jobs.extendLease(jobId, owner, leaseUntil());
      if (!lease) {
        log.warn({ jobId }, 'background job lease lost: another worker took it over or it was deleted');
        job.controller.abort(new JobLeaseLostError());
      } else if (lease.cancelRequested) {
        job.controller.abort(new JobCancelledError());
      }
    }
  }

  async function runJob(row: JobRow, controller: AbortController): Promise<void> {
    push(row);
    const handler = handlers.get(row.job_type);
    if (!handler) throw new Error(`No handler for job type ${row.job_type}`);
    await engineLog(
      row.id,
      row.attempts > 1 ? 'warning' : 'info',
      row.attempts > 1
        ? `Resumed after its previous worker stopped responding (attempt ${row.attempts} of ${MAX_JOB_ATTEMPTS})`
        : 'Processing started',
    );
    const context = createJobContext(row, await jobs.steps(row.id), controller);
    let outcome: JobOutcome | null;
    // The handler's own end: the job's slot is held until then, even when its outcome is written before.
    let handlerEnded: Promise<unknown> = Promise.resolve();
    try {
      if (row.cancel_requested) throw new JobCancelledError();
      const work = handler(context.job);
      handlerEnded = work.catch(() => undefined);
      const output = await settleAfterAbort(work, controller.signal);
      outcome = { status: 'completed', output };
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof JobLeaseLostError || error instanceof JobLeaseLostError) {
        log.info({ jobId: row.id, reason: messageOf(reason ?? error) }, 'background job interrupted');
        outcome = null;
      } else if (reason instanceof JobCancelledError || error instanceof JobCancelledError) {
        outcome = { status: 'cancelled' };
      } else {
        const failure = reason instanceof JobTimeLimitError ? reason : error;
        // The library's text, if any, goes to the server log only: the job's error and log are the user's.
        log.warn({ jobId: row.id, err: failure }, 'background job failed');
        outcome = { status: 'failed', errorMessage: messageOf(jobFailureMessage(failure)) };
      }
    } finally {
      await context.settle();
    }
    // Interrupted (null): nothing is written, the next worker resumes the job.
    if (outcome) await recordOutcome(row, outcome);
    if (controller.signal.aborted) await stoppedOrWarn(row.id, handlerEnded);
  }

  /** Waits for a handler whose signal was aborted, saying in the server log if it keeps running past the grace. */
  async function stoppedOrWarn(jobId: number, handlerEnded: Promise<unknown>): Promise<void> {
    const stopped = await Promise.race([
      handlerEnded.then(() => true),
      delay(ABORT_GRACE_MS).then(() => false),
    ]);
    if (stopped) return;
    log.error({ jobId }, 'background job handler keeps running after its job ended: its slot stays taken');
    await handlerEnded;
  }

  async function recordOutcome(row: JobRow, outcome: JobOutcome): Promise<void> {
    if (outcome.status === 'failed') {
      await engineLog(row.id, 'error', outcome.errorMessage);
    } else {
      await engineLog(
        row.id,
        'info',
        outcome.status === 'completed' ? 'Completed' : 'Cancelled at the user\u2019s request',
      );
    }
    const finished = await jobs.finish(row.id, owner, outcome, clock());
    if (finished) push(finished);
    else
      log.warn(
        { jobId: row.id },
        'background job lost its lease before it finished: its outcome was discarded',
      );
  }

  function createJobContext(row: JobRow, steps: StepRow[], controller: AbortController) {
    const { signal } = controller;
    let checkpoint: unknown = row.checkpoint ?? null;
    let currentStep: StepRow | null = null;
    let pendingDescription: string | null = null;
    let progressTimer: NodeJS.Timeout | null = null;
    let lastProgressWrite = 0;
    // The job's writes go out one after another, so a late progress write never lands after the step's end.
    let writes: Promise<unknown> = Promise.resolve();
    const serially = <T>(write: () => Promise<T>): Promise<T> => {
      const next = writes.then(write);
      writes = next.catch(() => undefined);
      return next;
    };

    const lose = (): never => {
      const error = new JobLeaseLostError();
      if (!signal.aborted) controller.abort(error);
      throw error;
    };
    const ensureHeld = () => {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new JobLeaseLostError();
    };
    const cancel = (): never => {
      const error = new JobCancelledError();
      if (!signal.aborted) controller.abort(error);
      throw error;
    };
    const held = (written: JobRow | null): JobRow => (written ? written : lose());

    function jobProgress(): number {
      const total = steps.reduce((sum, step) => sum + Number(step.weight), 0);
      if (total <= 0) return 0;
      const done = steps.reduce(
        (sum, step) =>
          sum + Number(step.weight) * (step.status === 'completed' ? 100 : Number(step.progress_percentage)),
        0,
      );
      return Math.round((done / total) * 10) / 10;
    }

    function dropPendingProgress(): void {
      if (progressTimer) clearTimeout(progressTimer);
      progressTimer = null;
      pendingDescription = null;
    }

    async function writeStep(step: StepRow, description: string | null, result?: unknown): Promise<void> {
      const written = await serially(() =>
        jobs.updateStep(
          row.id,
          owner,
          {
            position: step.position,
            status: step.status === 'completed' ? 'completed' : 'running',
            progress: Number(step.progress_percentage),
            at: clock(),
            result,
          },
          { progress: jobProgress(), description },
        ),
      );
      push(held(written));
    }

    async function flushProgress(): Promise<void> {
      if (pendingDescription === null) return;
      const description = pendingDescription;
      dropPendingProgress();
      lastProgressWrite = Date.now();
      if (currentStep) {
        await writeStep(currentStep, description);
      } else {
        push(held(await serially(() => jobs.describe(row.id, owner, description))));
      }
    }

    async function throwIfCancelled(): Promise<void> {
      ensureHeld();
      const state = await jobs.cancelState(row.id);
      if (!state) throw new JobCancelledError('The job was deleted');
      if (state.lease_owner !== owner) lose();
      if (state.cancel_requested) cancel();
    }

    const job: JobContext = {
      id: row.id,
      jobType: row.job_type,
      userId: row.user_id,
      groupId: row.group_id,
      patientId: row.patient_id,
      inputData: row.input_data,
      signal,
      get checkpoint() {
        return checkpoint;
      },

      async step<T>(
        name: string,
        optionsOrRun: JobStepOptions | (() => Promise<T>),
        runWithOptions?: () => Promise<T>,
      ): Promise<T> {
        const [options, run] =
          typeof optionsOrRun === 'function' ? [{}, optionsOrRun] : [optionsOrRun, runWithOptions!];
        const step = steps.find((candidate) => candidate.step_name === name);
        if (!step) throw new Error(`Job type ${row.job_type} declares no step "${name}"`);
        if (step.status === 'completed') return step.result as T;
        await throwIfCancelled();
        dropPendingProgress();
        step.status = 'running';
        step.progress_percentage = 0;
        currentStep = step;
        await writeStep(step, step.step_description);
        const limit = options.timeLimitMs;
        const timer =
          limit === undefined
            ? null
            : setTimeout(() => {
                if (!signal.aborted) controller.abort(new JobTimeLimitError(step.step_description, limit));
              }, limit);
        let result: T;
        try {
          result = await run();
        } finally {
          if (timer) clearTimeout(timer);
        }
        ensureHeld();
        dropPendingProgress();
        step.status = 'completed';
        step.progress_percentage = 100;
        step.result = result ?? null;
        currentStep = null;
        await writeStep(step, step.step_description, result);
        return result;
      },

      async progress(stepPercentage: number, description: string): Promise<void> {
        ensureHeld();
        if (currentStep) {
          currentStep.progress_percentage = Number.isFinite(stepPercentage)
            ? Math.min(100, Math.max(0, stepPercentage))
            : 0;
        }
        pendingDescription = description;
        const sinceLastWrite = Date.now() - lastProgressWrite;
        if (sinceLastWrite >= PROGRESS_INTERVAL_MS) {
          await flushProgress();
        } else if (!progressTimer) {
          // The latest progress is written when the interval is up; a lost lease then aborts the signal.
          progressTimer = setTimeout(() => {
            progressTimer = null;
            flushProgress().catch(() => undefined);
          }, PROGRESS_INTERVAL_MS - sinceLastWrite);
        }
      },

      async log(level: JobLogLevel, message: string): Promise<void> {
        await serially(() =>
          jobs.appendLog(row.id, owner, {
            at: clock(),
            level,
            message,
            source: currentStep?.step_name ?? row.job_type,
          }),
        );
      },

      async saveCheckpoint(value: unknown): Promise<void> {
        ensureHeld();
        const saved = await serially(() => jobs.saveCheckpoint(row.id, owner, value));
        if (!saved) lose();
        checkpoint = value ?? null;
      },

      throwIfCancelled,
    };

    return {
      job,
      /** Ends the job's background writes before its outcome is written. */
      async settle(): Promise<void> {
        dropPendingProgress();
        await writes;
      },
    };
  }

  /** Wakes this instance's workers and those of every other instance sharing the database. */
  function wakeWorkers(): void {
    pump();
    announceToInstances(io, JOB_QUEUED_EVENT);
  }
  io.on(JOB_QUEUED_EVENT, pump);

  function abortCancelled(jobId: unknown): void {
    const job = typeof jobId === 'number' ? running.get(jobId) : undefined;
    if (job && !job.controller.signal.aborted) job.controller.abort(new JobCancelledError());
  }
  io.on(JOB_CANCEL_EVENT, abortCancelled);

  return {
    registerHandler(jobType, handler) {
      if (handlers.has(jobType)) throw new Error(`A handler for job type ${jobType} is registered already`);
      handlers.set(jobType, handler);
      pump();
    },

    async enqueue(job: NewJob, tx?: Queryable) {
      checkStepDeclarations(job.steps);
      if (tx) return { id: (await createJobRepository(tx).insert(job, clock())).id };
      const row = await db.transaction((own) => createJobRepository(own).insert(job, clock()));
      push(row);
      wakeWorkers();
      return { id: row.id };
    },

    notify: wakeWorkers,

    start() {
      if (started) return;
      started = true;
      if (concurrency === 0) {
        log.info('JOB_CONCURRENCY is 0: this server runs no background jobs');
        return;
      }
      // Between wake-ups, the heartbeat also looks for work other servers queued or abandoned.
      ticker = setInterval(() => {
        checkLeases()
          .catch((error: unknown) => log.error({ err: error }, 'background job heartbeat failed'))
          .finally(pump);
      }, jobHeartbeatSeconds * 1000);
      ticker.unref();
      pump();
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      if (ticker) clearInterval(ticker);
      await pumping;
      const interrupted = [...running.values()];
      for (const job of interrupted) job.controller.abort(new JobLeaseLostError('The server is stopping'));
      await Promise.race([Promise.allSettled(interrupted.map((job) => job.done)), delay(STOP_WAIT_MS)]);
      for (const row of await jobs.release(owner)) {
        log.info({ jobId: row.id }, 'background job handed back as pending for the next start');
        push(row);
      }
    },

    async get(jobId: number) {
      const row = await jobs.findById(jobId);
      return row ? toJob(row) : null;
    },

    checkLeasesNow() {
      checkLeases().catch((error: unknown) => log.error({ err: error }, 'background job lease check failed'));
    },

    stopCancelled(jobId: number) {
      abortCancelled(jobId);
      announceToInstances(io, JOB_CANCEL_EVENT, jobId);
    },
  };
}
