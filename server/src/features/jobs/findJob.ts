import type { Queryable } from '../../db/Database.js';
import { createJobRepository, type JobRow } from './jobRepository.js';

/** A job by id, whoever asked for it, or null: the caller decides who may see it. */
export function findJob(db: Queryable, jobId: number): Promise<JobRow | null> {
  return createJobRepository(db).findById(jobId);
}
