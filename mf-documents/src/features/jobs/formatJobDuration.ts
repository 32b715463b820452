/** A duration as seconds, minutes or hours (PROD-05): "45s", "3m 12s", "2h 5m". */
export function formatJobDuration(milliseconds: number): string {
  const seconds = Number.isFinite(milliseconds) && milliseconds > 0 ? Math.floor(milliseconds / 1000) : 0;
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/**
 * How long a job has run: from its start (or creation, while pending) to its end, or to `now` while it runs.
 * Null when the times are missing or unreadable.
 */
export function jobDuration(
  job: { created_at: string; started_at: string | null; completed_at: string | null },
  now: number,
): number | null {
  const start = Date.parse(job.started_at ?? job.created_at);
  const end = job.completed_at ? Date.parse(job.completed_at) : now;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, end - start);
}
