import type { JobStatusResponse } from '@ewrt/contract';
import { ACTIVE_JOB_STATUSES } from '@ewrt/contract/limits';
import { httpStatusOf } from '../api/httpStatusOf';
import { getJobStatus } from '../api/jobsApi';
import { FIRST_POLL_DELAY_MS, hasTimedOut, isTakingLonger, pollDelayAfter } from './processingTimings';

export interface JobWatchHandlers {
  /** The job is still pending or running. */
  onProgress: (status: JobStatusResponse) => void;
  /** The job reached completed, failed or cancelled. */
  onFinished: (status: JobStatusResponse) => void;
  /** Called once, when the job has been active for 2 minutes. */
  onTakingLonger: () => void;
  onTimedOut: () => void;
  /** The job can no longer be read (deleted, or no longer the user's). */
  onLost: (error: unknown) => void;
}

/** Reads a job's state; the patient jobs and the opinion jobs are read through different calls. */
export type ReadJobStatus = (jobId: number, signal: AbortSignal) => Promise<JobStatusResponse>;

export interface JobWatchOptions {
  /** Defaults to the patient job status call. */
  readStatus?: ReadJobStatus;
  now?: () => number;
}

export interface JobWatch {
  stop: () => void;
  /** Polls at once, e.g. when a push says the job changed; the regular schedule goes on from there. */
  pollNow: () => void;
}

const isActive = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);

/** A refusal that will not change on the next poll, unlike a network failure or a busy server. */
function isPermanent(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 403 || status === 404;
}

/**
 * Polls a job's status on the schedule of JOB-04 until it finishes, times out or cannot be read. A failed poll
 * is retried on the same schedule: the time-out bounds the whole wait anyway.
 */
export function watchJob(
  jobId: number,
  handlers: JobWatchHandlers,
  { readStatus = getJobStatus, now = Date.now }: JobWatchOptions = {},
): JobWatch {
  const startedAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let polling = false;
  let toldTakingLonger = false;
  let controller: AbortController | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void poll(), delay);
  };

  const poll = async () => {
    if (stopped || polling) return;
    const elapsed = now() - startedAt;
    if (hasTimedOut(elapsed)) {
      stop();
      handlers.onTimedOut();
      return;
    }
    if (!toldTakingLonger && isTakingLonger(elapsed)) {
      toldTakingLonger = true;
      handlers.onTakingLonger();
    }
    polling = true;
    controller = new AbortController();
    try {
      const status = await readStatus(jobId, controller.signal);
      if (stopped) return;
      if (!isActive(status.status)) {
        stop();
        handlers.onFinished(status);
        return;
      }
      handlers.onProgress(status);
    } catch (error) {
      if (stopped) return;
      if (isPermanent(error)) {
        stop();
        handlers.onLost(error);
        return;
      }
    } finally {
      polling = false;
    }
    schedule(pollDelayAfter(now() - startedAt));
  };

  schedule(FIRST_POLL_DELAY_MS);
  return {
    stop,
    pollNow: () => {
      if (!stopped && !polling) void poll();
    },
  };
}
