import type { Migration } from './Migration.js';

/**
 * The fair claim of a job counts each user's and each group's running jobs and finds each user's last start: these
 * indexes keep that quick however many jobs one user has queued.
 */
export const m015FairJobClaims: Migration = {
  version: 15,
  name: 'fair_job_claims',
  sql: `
CREATE INDEX jobs_running_user ON jobs (user_id) WHERE status = 'running';
CREATE INDEX jobs_running_group ON jobs (group_id) WHERE status = 'running';
CREATE INDEX jobs_user_started ON jobs (user_id, started_at) WHERE started_at IS NOT NULL;
`,
};
