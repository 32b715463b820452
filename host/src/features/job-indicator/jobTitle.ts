import type { BackgroundJob } from '@ewrt/shared';

const JOB_TYPE_LABELS: Record<string, string> = {
  document_processing: 'Document processing',
  vector_rebuild: 'Vector rebuild',
};

/** What the job works on (the server's title, e.g. the uploaded file's name), else its kind in words. */
export function jobTitle(job: Pick<BackgroundJob, 'title' | 'job_type'>): string {
  const title = job.title?.trim();
  if (title) return title;
  const label = JOB_TYPE_LABELS[job.job_type];
  if (label) return label;
  const words = job.job_type.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Background job';
}
