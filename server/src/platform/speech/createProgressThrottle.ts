/** Progress is stored and sent to the browser: a step of 1 % at most twice a second is plenty. */
const MIN_STEP = 0.01;
const MIN_INTERVAL_MS = 500;

/**
 * Passes fractions (0–1) on to `onProgress` only when they have moved on enough since the last one passed, so a
 * fast recogniser does not write the job's progress hundreds of times a second. 1 always passes.
 */
export function createProgressThrottle(
  onProgress: (fraction: number) => void | Promise<void>,
  now: () => number = () => performance.now(),
): (fraction: number) => Promise<void> {
  let last = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  return async (fraction) => {
    const clamped = Math.max(0, Math.min(1, fraction));
    const done = clamped === 1 && last < 1;
    if (!done && (clamped - last < MIN_STEP || now() - lastAt < MIN_INTERVAL_MS)) return;
    last = clamped;
    lastAt = now();
    await onProgress(clamped);
  };
}
