import { JOB_TYPES } from '@ewrt/contract/limits';
import type { Job } from '@ewrt/contract';

const JOB_TYPE_LABELS: Record<string, string> = {
  [JOB_TYPES.DOCUMENT_PROCESSING]: 'Document processing',
  [JOB_TYPES.VECTOR_REBUILD]: 'Vector rebuild',
};

/** How users tell a kind of job apart: "Document processing", or the raw kind in words for later kinds. */
export function jobTypeLabel(jobType: string): string {
  const label = JOB_TYPE_LABELS[jobType];
  if (label) return label;
  const words = jobType.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Job';
}

/** What the job works on (the uploaded file's name), else its kind. */
export function jobTitle(job: Pick<Job, 'input_data' | 'job_type'>): string {
  const filename = job.input_data.filename?.trim();
  return filename || jobTypeLabel(job.job_type);
}
