import type { BackgroundJob, Job, JobLogEntry, JobProgressStep, JobStatus } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import type { JobLogLevel, JobStepDeclaration, NewJob } from './JobQueue.js';

type Timestamp = Date | string | null;

/** A `jobs` row as the engine and the routes read it. */
export interface JobRow {
  id: number;
  job_type: string;
  status: JobStatus;
  user_id: number;
  group_id: number;
  patient_id: number | null;
  title: string | null;
  input_data: Record<string, unknown>;
  output_data: Record<string, unknown> | null;
  progress_percentage: number;
  current_step_description: string | null;
  error_message: string | null;
  created_at: Timestamp;
  started_at: Timestamp;
  completed_at: Timestamp;
  cancel_requested: boolean;
  lease_owner: string | null;
  attempts: number;
  checkpoint: unknown;
}

export interface StepRow {
  position: number;
  step_name: string;
  step_description: string;
  weight: number;
  status: JobProgressStep['status'];
  progress_percentage: number;
  started_at: Timestamp;
  completed_at: Timestamp;
  result: unknown;
}

export type JobOutcome =
  | { status: 'completed'; output: Record<string, unknown> }
  | { status: 'failed'; errorMessage: string }
  | { status: 'cancelled' };

const JOB_COLUMNS = `id, job_type, status, user_id, group_id, patient_id, title, input_data, output_data,
  progress_percentage, current_step_description, error_message, created_at, started_at, completed_at,
  cancel_requested, lease_owner, attempts, checkpoint`;

/** A job's row is written only by the worker holding its lease. */
const OWNED = `SELECT id FROM jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running'`;

const json = (value: unknown) => JSON.stringify(value ?? null);
const iso = (at: Date) => at.toISOString();

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    status: row.status,
    job_type: row.job_type,
    input_data: row.input_data,
    progress_percentage: Number(row.progress_percentage),
    current_step_description: row.current_step_description,
    created_at: toIsoDateTime(row.created_at) ?? '',
    started_at: toIsoDateTime(row.started_at),
    completed_at: toIsoDateTime(row.completed_at),
    error_message: row.error_message,
    output_data: row.output_data,
    patient_id: row.patient_id,
  };
}

export function toBackgroundJob(row: JobRow): BackgroundJob {
  const job = toJob(row);
  return {
    id: job.id,
    job_type: job.job_type,
    status: job.status,
    progress_percentage: job.progress_percentage,
    current_step_description: job.current_step_description,
    patient_id: job.patient_id,
    created_at: job.created_at,
    completed_at: job.completed_at,
    error_message: job.error_message,
    title: row.title,
  };
}

export function toProgressStep(row: StepRow): JobProgressStep {
  return {
    step_name: row.step_name,
    step_description: row.step_description,
    status: row.status,
    progress_percentage: Number(row.progress_percentage),
    started_at: toIsoDateTime(row.started_at),
    completed_at: toIsoDateTime(row.completed_at),
  };
}

/** Plain SQL over the jobs tables; every write by a worker is guarded by its lease (`lease_owner`). */
export function createJobRepository(db: Queryable) {
  async function one(sql: string, params: readonly unknown[]): Promise<JobRow | null> {
    const { rows } = await db.query<JobRow>(sql, params);
    return rows[0] ?? null;
  }

  return {
    async insert(job: NewJob, createdAt: Date): Promise<JobRow> {
      const inserted = await one(
        `INSERT INTO jobs (job_type, user_id, group_id, patient_id, title, input_data, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::timestamptz) RETURNING ${JOB_COLUMNS}`,
        [
          job.jobType,
          job.userId,
          job.groupId,
          job.patientId,
          job.title ?? null,
          json(job.inputData),
          iso(createdAt),
        ],
      );
      if (!inserted) throw new Error('Job insert returned no row');
      for (const [position, step] of job.steps.entries()) {
        await db.query(
          `INSERT INTO job_steps (job_id, position, step_name, step_description, weight) VALUES ($1, $2, $3, $4, $5)`,
          [inserted.id, position, step.name, step.description, step.weight ?? 1],
        );
      }
      return inserted;
    },

    findById(jobId: number): Promise<JobRow | null> {
      return one(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [jobId]);
    },

    /**
     * Takes a job of one of `jobTypes` that is pending, or running under a lease that ran out, except `runningHere`:
     * the jobs the claiming queue is still working on, whose lease its clock may see as past. Fair between users:
     * a user (group) already running `userLimit` (`groupLimit`) jobs on any instance waits (0: no limit), and of
     * the rest the job of the group, then the user, with the fewest jobs running goes first, then the user whose
     * last job started longest ago, so users take turns however many jobs one of them queued; then the oldest.
     */
    claimNext(claim: {
      owner: string;
      jobTypes: string[];
      now: Date;
      leaseUntil: Date;
      maxAttempts: number;
      runningHere: number[];
      userLimit: number;
      groupLimit: number;
    }): Promise<JobRow | null> {
      return one(
        `WITH running AS (
           SELECT user_id, group_id FROM jobs WHERE status = 'running' AND lease_expires_at >= $3::timestamptz
         ), by_user AS (
           SELECT user_id, count(*) AS jobs FROM running GROUP BY user_id
         ), by_group AS (
           SELECT group_id, count(*) AS jobs FROM running GROUP BY group_id
         ), last_start AS (
           SELECT user_id, max(started_at) AS at FROM jobs WHERE started_at IS NOT NULL GROUP BY user_id
         )
         UPDATE jobs SET status = 'running', lease_owner = $1, lease_expires_at = $4::timestamptz,
                attempts = attempts + 1, started_at = COALESCE(started_at, $3::timestamptz)
          WHERE id = (
            SELECT candidate.id FROM jobs candidate
              LEFT JOIN by_user ON by_user.user_id = candidate.user_id
              LEFT JOIN by_group ON by_group.group_id = candidate.group_id
              LEFT JOIN last_start ON last_start.user_id = candidate.user_id
             WHERE candidate.job_type = ANY($2::text[])
               AND (candidate.status = 'pending'
                    OR (candidate.status = 'running' AND candidate.lease_expires_at < $3::timestamptz
                        AND candidate.attempts < $5 AND NOT (candidate.id = ANY($6::int[]))))
               AND ($7 = 0 OR COALESCE(by_user.jobs, 0) < $7)
               AND ($8 = 0 OR COALESCE(by_group.jobs, 0) < $8)
             ORDER BY COALESCE(by_group.jobs, 0), COALESCE(by_user.jobs, 0), last_start.at NULLS FIRST,
                      candidate.created_at, candidate.id
             LIMIT 1
             FOR UPDATE OF candidate SKIP LOCKED)
        RETURNING ${JOB_COLUMNS}`,
        [
          claim.owner,
          claim.jobTypes,
          iso(claim.now),
          iso(claim.leaseUntil),
          claim.maxAttempts,
          claim.runningHere,
          claim.userLimit,
          claim.groupLimit,
        ],
      );
    },

    /** Fails the running jobs whose lease ran out after `maxAttempts` claims: their work keeps killing workers. */
    async failAbandoned(now: Date, maxAttempts: number, errorMessage: string): Promise<JobRow[]> {
      const { rows } = await db.query<JobRow>(
        `WITH failed AS (
           UPDATE jobs SET status = 'failed', error_message = $3, completed_at = $1::timestamptz,
                  lease_owner = NULL, lease_expires_at = NULL
            WHERE id IN (SELECT id FROM jobs
                          WHERE status = 'running' AND lease_expires_at < $1::timestamptz AND attempts >= $2
                          FOR UPDATE SKIP LOCKED)
           RETURNING ${JOB_COLUMNS}
         ), closed_steps AS (
           UPDATE job_steps SET status = CASE WHEN status = 'running' THEN 'failed' ELSE 'skipped' END
            WHERE job_id IN (SELECT id FROM failed) AND status IN ('pending', 'running')
         )
         SELECT * FROM failed`,
        [iso(now), maxAttempts, errorMessage],
      );
      return rows;
    },

    /** Extends `owner`'s lease; answers whether a cancel was requested meanwhile, or null when the lease is lost. */
    async extendLease(
      jobId: number,
      owner: string,
      leaseUntil: Date,
    ): Promise<{ cancelRequested: boolean } | null> {
      const { rows } = await db.query<{ cancel_requested: boolean }>(
        `UPDATE jobs SET lease_expires_at = $3::timestamptz WHERE id IN (${OWNED}) RETURNING cancel_requested`,
        [jobId, owner, iso(leaseUntil)],
      );
      return rows[0] ? { cancelRequested: rows[0].cancel_requested } : null;
    },

    async steps(jobId: number): Promise<StepRow[]> {
      const { rows } = await db.query<StepRow>(
        `SELECT position, step_name, step_description, weight, status, progress_percentage, started_at,
                completed_at, result
           FROM job_steps WHERE job_id = $1 ORDER BY position`,
        [jobId],
      );
      return rows;
    },

    /** Writes one step's state and the job's derived progress together; null when the lease is lost. */
    updateStep(
      jobId: number,
      owner: string,
      step: {
        position: number;
        status: 'running' | 'completed';
        progress: number;
        at: Date;
        result?: unknown;
      },
      job: { progress: number; description: string | null },
    ): Promise<JobRow | null> {
      return one(
        `WITH owned AS (${OWNED}),
         step AS (
           UPDATE job_steps SET status = $3, progress_percentage = $4,
                  started_at = COALESCE(started_at, $5::timestamptz),
                  completed_at = CASE WHEN $3 = 'completed' THEN $5::timestamptz END,
                  result = CASE WHEN $3 = 'completed' THEN $6::jsonb END
            WHERE job_id IN (SELECT id FROM owned) AND position = $7
         )
         UPDATE jobs SET progress_percentage = $8, current_step_description = $9
          WHERE id IN (SELECT id FROM owned)
        RETURNING ${JOB_COLUMNS}`,
        [
          jobId,
          owner,
          step.status,
          step.progress,
          iso(step.at),
          step.status === 'completed' ? json(step.result) : null,
          step.position,
          job.progress,
          job.description,
        ],
      );
    },

    /** The description alone, when the handler reports progress outside any step. */
    describe(jobId: number, owner: string, description: string): Promise<JobRow | null> {
      return one(
        `UPDATE jobs SET current_step_description = $3 WHERE id IN (${OWNED}) RETURNING ${JOB_COLUMNS}`,
        [jobId, owner, description],
      );
    },

    async saveCheckpoint(jobId: number, owner: string, value: unknown): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE jobs SET checkpoint = $3::jsonb WHERE id IN (${OWNED}) RETURNING id`,
        [jobId, owner, json(value)],
      );
      return rows.length === 1;
    },

    async cancelState(
      jobId: number,
    ): Promise<{ cancel_requested: boolean; lease_owner: string | null } | null> {
      const { rows } = await db.query<{ cancel_requested: boolean; lease_owner: string | null }>(
        `SELECT cancel_requested, lease_owner FROM jobs WHERE id = $1`,
        [jobId],
      );
      return rows[0] ?? null;
    },

    /** Appends a log line; a worker that lost its lease (`owner` given) writes nothing. */
    async appendLog(
      jobId: number,
      owner: string | null,
      line: { at: Date; level: JobLogLevel; message: string; source: string },
    ): Promise<void> {
      await db.query(
        `INSERT INTO job_logs (job_id, timestamp, level, message, source)
         SELECT id, $3::timestamptz, $4, $5, $6 FROM jobs
          WHERE id = $1 AND ($2::text IS NULL OR (lease_owner = $2 AND status = 'running'))`,
        [jobId, owner, iso(line.at), line.level, line.message, line.source],
      );
    },

    /** Ends a job in one statement, only if `owner` still holds it; its unfinished steps are closed with it. */
    finish(jobId: number, owner: string, outcome: JobOutcome, at: Date): Promise<JobRow | null> {
      return one(
        `WITH finished AS (
           UPDATE jobs SET status = $3::text, completed_at = $4::timestamptz, output_data = $5::jsonb,
                  error_message = $6,
                  progress_percentage = CASE WHEN $3::text = 'completed' THEN 100 ELSE progress_percentage END,
                  current_step_description = CASE WHEN $3::text = 'completed' THEN NULL
                                                  ELSE current_step_description END,
                  lease_owner = NULL, lease_expires_at = NULL
            WHERE id IN (${OWNED})
           RETURNING ${JOB_COLUMNS}
         ), closed_steps AS (
           UPDATE job_steps SET status = CASE WHEN status = 'running' AND $3::text = 'failed' THEN 'failed'
                                              ELSE 'skipped' END
            WHERE job_id IN (SELECT id FROM finished) AND status IN ('pending', 'running')
         )
         SELECT * FROM finished`,
        [
          jobId,
          owner,
          outcome.status,
          iso(at),
          outcome.status === 'completed' ? json(outcome.output) : null,
          outcome.status === 'failed' ? outcome.errorMessage : null,
        ],
      );
    },

    /** Hands back every job `owner` holds as pending (a clean stop), not counting the claim as an attempt. */
    async release(owner: string): Promise<JobRow[]> {
      const { rows } = await db.query<JobRow>(
        `WITH released AS (
           UPDATE jobs SET status = 'pending', lease_owner = NULL, lease_expires_at = NULL,
                  attempts = GREATEST(attempts - 1, 0)
            WHERE lease_owner = $1 AND status = 'running'
           RETURNING ${JOB_COLUMNS}
         ), reset_steps AS (
           UPDATE job_steps SET status = 'pending'
            WHERE job_id IN (SELECT id FROM released) AND status = 'running'
         )
         SELECT * FROM released`,
        [owner],
      );
      return rows;
    },

    /**
     * Asks an active job to stop: a pending one is cancelled at once (its steps skipped), a running one gets
     * `cancel_requested`. Null when the job is not active (it finished meanwhile).
     */
    requestCancel(jobId: number, at: Date): Promise<JobRow | null> {
      return one(
        `WITH cancelled AS (
           UPDATE jobs SET cancel_requested = true,
                  status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
                  completed_at = CASE WHEN status = 'pending' THEN $2::timestamptz ELSE completed_at END
            WHERE id = $1 AND status IN ('pending', 'running')
           RETURNING ${JOB_COLUMNS}
         ), closed_steps AS (
           UPDATE job_steps SET status = 'skipped'
            WHERE job_id IN (SELECT id FROM cancelled WHERE status = 'cancelled') AND status = 'pending'
         )
         SELECT * FROM cancelled`,
        [jobId, iso(at)],
      );
    },

    async listForPatient(patientId: number): Promise<JobRow[]> {
      const { rows } = await db.query<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM jobs WHERE patient_id = $1 ORDER BY created_at DESC, id DESC`,
        [patientId],
      );
      return rows;
    },

    async progressSteps(jobId: number): Promise<JobProgressStep[]> {
      const { rows } = await db.query<StepRow>(
        `SELECT position, step_name, step_description, weight, status, progress_percentage, started_at,
                completed_at, NULL AS result
           FROM job_steps WHERE job_id = $1 ORDER BY position`,
        [jobId],
      );
      return rows.map(toProgressStep);
    },

    /** The last `limit` log lines, oldest first. */
    async recentLogs(jobId: number, limit: number): Promise<JobLogEntry[]> {
      const { rows } = await db.query<{
        timestamp: Timestamp;
        level: JobLogLevel;
        message: string;
        source: string;
      }>(
        `SELECT timestamp, level, message, source
           FROM (SELECT id, timestamp, level, message, source FROM job_logs
                  WHERE job_id = $1 ORDER BY id DESC LIMIT $2) newest
          ORDER BY id`,
        [jobId, limit],
      );
      return rows.map((row) => ({ ...row, timestamp: toIsoDateTime(row.timestamp) ?? '' }));
    },

    async listActiveForUser(userId: number): Promise<JobRow[]> {
      const { rows } = await db.query<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM jobs
          WHERE user_id = $1 AND status IN ('pending', 'running') AND dismissed_at IS NULL
          ORDER BY created_at DESC, id DESC`,
        [userId],
      );
      return rows;
    },

    async listFinishedForUser(userId: number, since: Date, limit: number): Promise<JobRow[]> {
      const { rows } = await db.query<JobRow>(
        `SELECT ${JOB_COLUMNS} FROM jobs
          WHERE user_id = $1 AND status IN ('completed', 'failed', 'cancelled') AND dismissed_at IS NULL
            AND completed_at >= $2::timestamptz
          ORDER BY completed_at DESC, id DESC
          LIMIT $3`,
        [userId, iso(since), limit],
      );
      return rows;
    },

    async dismiss(jobId: number, userId: number, at: Date): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE jobs SET dismissed_at = COALESCE(dismissed_at, $3::timestamptz)
          WHERE id = $1 AND user_id = $2 RETURNING id`,
        [jobId, userId, iso(at)],
      );
      return rows.length === 1;
    },

    /** Deletes a patient's jobs with their steps and logs (cascade); answers how many jobs went. */
    async deleteForPatient(patientId: number): Promise<number> {
      const { rows } = await db.query(`DELETE FROM jobs WHERE patient_id = $1 RETURNING id`, [patientId]);
      return rows.length;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;

/** The steps a new job declares must have names, and distinct ones (`step()` finds them by name). */
export function checkStepDeclarations(steps: JobStepDeclaration[]): void {
  const names = new Set<string>();
  for (const step of steps) {
    if (step.name.trim() === '') throw new Error('A job step needs a name');
    if (names.has(step.name)) throw new Error(`Job step "${step.name}" is declared twice`);
    if (step.weight !== undefined && !(step.weight > 0))
      throw new Error(`Job step "${step.name}" needs a positive weight`);
    names.add(step.name);
  }
}
