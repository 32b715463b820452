/** A step ran past its time limit: the job fails with this message, which names the step and the limit. */
export class JobTimeLimitError extends Error {
  override name = 'JobTimeLimitError';
  constructor(stepDescription: string, limitMs: number) {
    super(
      `${stepDescription} took longer than its time limit of ${describeDuration(limitMs)} and was stopped`,
    );
  }
}

function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minutes`;
}
