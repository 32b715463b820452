// The timing rules of processing an upload (DOC-04), in one place. Elapsed times count from the moment the
// upload was answered with its job.

/** Share of a file's progress bar that the upload itself fills; the job fills the rest. */
export const UPLOAD_PROGRESS_SHARE = 10;
export const FIRST_POLL_DELAY_MS = 5_000;
export const POLL_INTERVAL_MS = 5_000;
/** From this elapsed time on, jobs are polled less often and the screen says some are taking longer. */
export const SLOW_POLL_AFTER_MS = 2 * 60_000;
export const SLOW_POLL_INTERVAL_MS = 10_000;
export const JOB_TIMEOUT_MS = 600_000;
/** Wait between every job having finished (at least one successfully) and opening the job list. */
export const REDIRECT_DELAY_MS = 3_000;

/** How long to wait before the next status poll of a job that has been running this long. */
export function pollDelayAfter(elapsedMs: number): number {
  const interval = elapsedMs >= SLOW_POLL_AFTER_MS ? SLOW_POLL_INTERVAL_MS : POLL_INTERVAL_MS;
  // The time-out is reported on time rather than at the next poll after it.
  return Math.max(0, Math.min(interval, JOB_TIMEOUT_MS - elapsedMs));
}

export function hasTimedOut(elapsedMs: number): boolean {
  return elapsedMs >= JOB_TIMEOUT_MS;
}

export function isTakingLonger(elapsedMs: number): boolean {
  return elapsedMs >= SLOW_POLL_AFTER_MS;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** The bar while the file is sent: 0 to UPLOAD_PROGRESS_SHARE. */
export function uploadProgressPercent(sentFraction: number): number {
  return Math.round(clampPercent(sentFraction * 100) * (UPLOAD_PROGRESS_SHARE / 100));
}

/** The bar while the job runs: its percentage mapped onto UPLOAD_PROGRESS_SHARE..100. */
export function jobProgressPercent(jobPercentage: number): number {
  return Math.round(
    UPLOAD_PROGRESS_SHARE + clampPercent(jobPercentage) * ((100 - UPLOAD_PROGRESS_SHARE) / 100),
  );
}
