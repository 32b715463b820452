import type { Job } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { HttpError } from '../../http/HttpError.js';
import { JobFailedError } from './JobFailedError.js';
import { JobLeaseLostError } from './JobLeaseLostError.js';
import { JobTimeLimitError } from './JobTimeLimitError.js';

export { JobCancelledError } from './JobCancelledError.js';
export { JobFailedError, JobLeaseLostError, JobTimeLimitError };

/** A failed job's error when what failed was not one of the product's own refusals (see JobFailedError). */
export const UNEXPECTED_JOB_FAILURE =
  'The job stopped because of an unexpected problem on the server. Please try again; if it happens again, ' +
  'tell your administrator';

/** The error a user is shown for a job that failed with `error`: the product's own words, never a library's. */
export function jobFailureMessage(error: unknown): string {
  const ownWords =
    error instanceof JobFailedError || error instanceof JobTimeLimitError || error instanceof HttpError;
  return ownWords && error.message.trim() !== '' ? error.message : UNEXPECTED_JOB_FAILURE;
}

export interface JobStepDeclaration {
  name: string;
  description: string;
  /** The step's share of the job's progress relative to the other steps (1 when absent: equal shares). */
  weight?: number;
}

export interface NewJob {
  /** e.g. JOB_TYPES.DOCUMENT_PROCESSING from @ewrt/contract. */
  jobType: string;
  userId: number;
  groupId: number;
  patientId: number | null;
  /** Becomes input_data (filename, file_size_mb, …). */
  inputData: Record<string, unknown>;
  /** Become progress_steps, all 'pending'. */
  steps: JobStepDeclaration[];
  /** Shown by the navbar indicator (e.g. the file name). */
  title?: string;
}

export type JobLogLevel = 'debug' | 'info' | 'warning' | 'error';

export interface JobStepOptions {
  /**
   * How long the step may run (computed from its input: pages, bytes, seconds of audio). Past it the job's signal
   * is aborted with a JobTimeLimitError and the job fails with its message.
   */
  timeLimitMs?: number;
}

export interface JobContext {
  readonly id: number;
  readonly jobType: string;
  readonly userId: number;
  readonly groupId: number;
  readonly patientId: number | null;
  readonly inputData: Record<string, unknown>;
  /**
   * Runs one declared step once: marks it running, then completed with `run`'s JSON result stored. If the job is
   * resumed after a crash, a step already completed returns its stored result without running again (an
   * `undefined` result comes back as null). Checks cancellation before the step starts (throws JobCancelledError).
   */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** The same, under the time limit `options` give. */
  step<T>(name: string, options: JobStepOptions, run: () => Promise<T>): Promise<T>;
  /**
   * Progress of the current step 0–100 and a description; the job's progress_percentage is derived from the steps
   * (each step an equal share unless weights are declared) and current_step_description set.
   */
  progress(stepPercentage: number, description: string): Promise<void>;
  log(level: JobLogLevel, message: string): Promise<void>;
  /** The last checkpoint saved (null at first); a step that works in parts saves one per part to resume there. */
  readonly checkpoint: unknown;
  saveCheckpoint(value: unknown): Promise<void>;
  /** Throws JobCancelledError if a cancel was requested (call between parts of a long step). */
  throwIfCancelled(): Promise<void>;
  /**
   * Aborted, with the reason as its `reason`, when a cancel is requested (JobCancelledError), the running step
   * passes its time limit (JobTimeLimitError), or this worker must let the job go because its lease was lost or
   * the server is stopping (JobLeaseLostError: see isJobInterrupted). Every long step passes it on or watches it.
   */
  readonly signal: AbortSignal;
}

/** Resolves to the job's output_data. */
export type JobHandler = (job: JobContext) => Promise<Record<string, unknown>>;

export interface JobQueue {
  /** Only job types with a handler are claimed by this queue (another instance may run the others). */
  registerHandler(jobType: string, handler: JobHandler): void;
  /** Inserts a pending job (inside `tx` when given, so a job and the rows that need it commit together). */
  enqueue(job: NewJob, tx?: Queryable): Promise<{ id: number }>;
  /** Wakes the workers (after enqueue outside a transaction, or after the caller's transaction commits). */
  notify(): void;
  /** Begins claiming (buildApp calls it after routes are ready, unless JOB_CONCURRENCY is 0). */
  start(): void;
  /** Stops claiming, aborts current work and hands its jobs back as pending, then waits for the handlers. */
  stop(): Promise<void>;
  /** Current state as the contract's Job, for other features (e.g. documents answering the upload). */
  get(jobId: number): Promise<Job | null>;
}

/**
 * Whether the job was only interrupted (its lease lost, or the server stopping) rather than ended: it is then
 * resumed by the next worker, so a handler keeps its files and leaves its document's state as it was.
 */
export function isJobInterrupted(job: Pick<JobContext, 'signal'>, error?: unknown): boolean {
  return (
    error instanceof JobLeaseLostError ||
    (job.signal.aborted && job.signal.reason instanceof JobLeaseLostError)
  );
}

/** What ended the job's work: its signal's reason once aborted (cancel, time limit, interruption), else `error`. */
export function jobEndingOf(job: Pick<JobContext, 'signal'>, error: unknown): unknown {
  return job.signal.aborted ? job.signal.reason : error;
}
