// The job list's polling rules (JOB-04), as pure functions of what is known.
import { ACTIVE_JOB_STATUSES } from '@ewrt/contract/limits';

/** The list is reloaded this often while any job is pending or running. */
export const ACTIVE_LIST_POLL_MS = 2_000;
/** Otherwise it is reloaded each time the clock passes a multiple of this. */
export const IDLE_LIST_MARK_MS = 10_000;
/** The selected job's detail is reloaded this often while the job is active. */
export const DETAIL_POLL_MS = 1_000;
/** This many failures in a row count as "cannot load" (the list's message, the detail's giving up). */
export const MAX_CONSECUTIVE_FAILURES = 3;

/** Pending and running jobs are active: they may still change, and may be cancelled. */
export function isActiveStatus(status: string): boolean {
  return (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);
}

/**
 * Milliseconds from `now` (epoch ms) to the list's next reload. Before the first answer nothing is known, so the
 * list is treated as active: the screen does not wait up to ten seconds for its first jobs after a failure.
 */
export function nextListPollDelay(jobs: readonly { status: string }[] | null, now: number): number {
  if (jobs === null || jobs.some((job) => isActiveStatus(job.status))) return ACTIVE_LIST_POLL_MS;
  return IDLE_LIST_MARK_MS - (((now % IDLE_LIST_MARK_MS) + IDLE_LIST_MARK_MS) % IDLE_LIST_MARK_MS);
}

/** Whether the list's failures in a row are enough to tell the user the jobs cannot be loaded. */
export function listLoadHasFailed(consecutiveFailures: number): boolean {
  return consecutiveFailures >= MAX_CONSECUTIVE_FAILURES;
}

/** Milliseconds to the selected job's next detail reload, or null when it is finished and polling stops. */
export function nextDetailPollDelay(status: string): number | null {
  return isActiveStatus(status) ? DETAIL_POLL_MS : null;
}

/**
 * After a failed detail reload: a 404 (the job is gone or not this user's) or the third failure in a row means the
 * selected job is lost and polling stops; anything less is retried on the usual cadence.
 */
export function detailFailureOutcome(
  httpStatus: number | undefined,
  consecutiveFailures: number,
): 'lost' | 'retry' {
  if (httpStatus === 404) return 'lost';
  return consecutiveFailures >= MAX_CONSECUTIVE_FAILURES ? 'lost' : 'retry';
}
