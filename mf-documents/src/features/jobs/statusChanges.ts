import type { Job } from '@ewrt/contract';
import { jobStatusLabel } from './jobStatusPresentation';
import { jobTitle } from './jobTitle';

/**
 * What changed between two loads of the list, in words for a live region: "report.pdf: Completed". Jobs new in the
 * list are not announced (the first load would announce everything); null when no status changed.
 */
export function describeStatusChanges(
  previous: ReadonlyMap<number, string>,
  jobs: readonly Job[],
): string | null {
  const changes = jobs
    .filter((job) => previous.has(job.id) && previous.get(job.id) !== job.status)
    .map((job) => `${jobTitle(job)}: ${jobStatusLabel(job.status)}`);
  return changes.length > 0 ? changes.join('. ') : null;
}
