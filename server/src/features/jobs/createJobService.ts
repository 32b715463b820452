import { JOB_TYPES } from '@ewrt/contract';
import type { Server as SocketServer } from 'socket.io';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { canUsePatientTools, hasReadOnlyLevel, hasUserFeature } from '../patients/patientPermissions.js';
import { findPatientInGroup } from '../patients/findPatientInGroup.js';
import type { ManagedJobQueue } from './createJobQueue.js';
import { createJobRepository, toBackgroundJob, toJob, type JobRow } from './jobRepository.js';
import { pushJobUpdate } from './pushJobUpdate.js';

export const JOB_MESSAGES = {
  noGroup: 'User group information is not available. Please log in again.',
  patientNotFound: 'Patient not found',
  jobNotFound: 'Job not found',
  noDocumentsFeature: 'Your access level does not allow working with patient documents',
  patientToolsRefused: 'Background jobs are available only for patients you have full access to',
  ownJobsOnly: 'You can only see your own background jobs',
  cannotCancel: 'Your access level does not allow cancelling jobs',
  cancelled: 'Job cancelled successfully',
  cancelRequested: 'Cancellation requested: the job is stopping',
} as const;

/** Job types that, without a patient, process or re-index one user's personal (opinion) documents. */
export const PERSONAL_DOCUMENT_JOB_TYPES: readonly string[] = [
  JOB_TYPES.DOCUMENT_PROCESSING,
  JOB_TYPES.VECTOR_REBUILD,
];

/** The lines of a job's log its status answer carries (the last ones, oldest first). */
export const RECENT_LOG_LINES = 50;
/** The navbar indicator's finished jobs: those of the last day, newest first, at most this many. */
export const RECENT_COMPLETED_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RECENT_COMPLETED_LIMIT = 10;

function alreadyFinished(status: JobRow['status']): HttpError {
  const what = {
    completed: 'has already completed',
    failed: 'has already failed',
    cancelled: 'was already cancelled',
  };
  const phrase = status in what ? what[status as keyof typeof what] : 'is no longer active';
  return new HttpError(409, `This job ${phrase} and cannot be cancelled`);
}

/**
 * The job calls of JOB-05. A patient's jobs are for users with full access to that patient and for
 * Administrators (ACC-06), within the caller's group; a single job also for the user who started it. A job the
 * caller may not see answers 404, as if it did not exist. The indicator's calls serve the caller's own jobs only.
 */
export function createJobService(deps: {
  db: Database;
  clock: Clock;
  io: SocketServer;
  /** The queue that aborts a running job's work as soon as its cancel is requested. */
  queue: Pick<ManagedJobQueue, 'stopCancelled'>;
}) {
  const { db, clock, io } = deps;
  const jobs = createJobRepository(db);

  async function visibleJob(user: AuthenticatedUser, jobId: number): Promise<JobRow> {
    const row = await jobs.findById(jobId);
    if (!row) throw notFound(JOB_MESSAGES.jobNotFound);
    if (row.user_id === user.id) return row;
    // A document job of no patient works on its user's own opinion documents: nobody else sees it, an
    // administrator neither.
    if (row.patient_id === null && PERSONAL_DOCUMENT_JOB_TYPES.includes(row.job_type)) {
      throw notFound(JOB_MESSAGES.jobNotFound);
    }
    if (user.groupId === null || row.group_id !== user.groupId) throw notFound(JOB_MESSAGES.jobNotFound);
    if (user.isAdministrator) return row;
    if (row.patient_id !== null) {
      const patient = await findPatientInGroup(
        db,
        { userId: user.id, groupId: user.groupId },
        row.patient_id,
      );
      if (patient && canUsePatientTools(user, patient.access_level)) return row;
    }
    throw notFound(JOB_MESSAGES.jobNotFound);
  }

  function ownJobsOnly(user: AuthenticatedUser, userId: number): void {
    if (userId !== user.id) throw forbidden(JOB_MESSAGES.ownJobsOnly);
  }

  return {
    async listForPatient(user: AuthenticatedUser, patientId: number, audit: RequestAudit) {
      if (user.groupId === null) throw forbidden(JOB_MESSAGES.noGroup);
      const patient = await findPatientInGroup(db, { userId: user.id, groupId: user.groupId }, patientId);
      if (!patient) throw notFound(JOB_MESSAGES.patientNotFound);
      if (!hasUserFeature(user, 'documents')) throw forbidden(JOB_MESSAGES.noDocumentsFeature);
      if (!canUsePatientTools(user, patient.access_level)) throw forbidden(JOB_MESSAGES.patientToolsRefused);
      const rows = await jobs.listForPatient(patientId);
      audit.describe({ details: { job_ids: rows.map((row) => row.id) } });
      return { jobs: rows.map(toJob) };
    },

    async status(user: AuthenticatedUser, jobId: number, audit: RequestAudit) {
      const row = await visibleJob(user, jobId);
      audit.describe({ patientId: row.patient_id, details: { job_id: row.id } });
      const job = toJob(row);
      return {
        status: job.status,
        progress_percentage: job.progress_percentage,
        current_step_description: job.current_step_description,
        error_message: job.error_message,
        output_data: job.output_data,
        job,
        progress_steps: await jobs.progressSteps(jobId),
        recent_logs: await jobs.recentLogs(jobId, RECENT_LOG_LINES),
      };
    },

    async cancel(user: AuthenticatedUser, jobId: number, audit: RequestAudit) {
      const row = await visibleJob(user, jobId);
      audit.describe({ patientId: row.patient_id, details: { job_id: row.id } });
      if (hasReadOnlyLevel(user)) throw forbidden(JOB_MESSAGES.cannotCancel);
      const at = clock();
      const cancelled = await jobs.requestCancel(jobId, at);
      if (!cancelled) throw alreadyFinished((await jobs.findById(jobId))?.status ?? row.status);
      await jobs.appendLog(jobId, null, {
        at,
        level: 'info',
        message: `Cancellation requested by ${user.name}`,
        source: 'user',
      });
      pushJobUpdate(io, cancelled);
      const stopped = cancelled.status === 'cancelled';
      if (!stopped) deps.queue.stopCancelled(jobId);
      return {
        success: true,
        message: stopped ? JOB_MESSAGES.cancelled : JOB_MESSAGES.cancelRequested,
        job: toJob(cancelled),
      };
    },

    async listActive(user: AuthenticatedUser, userId: number) {
      ownJobsOnly(user, userId);
      return { active_jobs: (await jobs.listActiveForUser(user.id)).map(toBackgroundJob) };
    },

    async listRecentCompleted(user: AuthenticatedUser, userId: number) {
      ownJobsOnly(user, userId);
      const since = new Date(clock().getTime() - RECENT_COMPLETED_WINDOW_MS);
      const rows = await jobs.listFinishedForUser(user.id, since, RECENT_COMPLETED_LIMIT);
      return { recent_completed: rows.map(toBackgroundJob) };
    },

    async dismiss(user: AuthenticatedUser, jobId: number, audit: RequestAudit) {
      audit.describe({ details: { job_id: jobId } });
      if (!(await jobs.dismiss(jobId, user.id, clock()))) throw notFound(JOB_MESSAGES.jobNotFound);
      return { success: true };
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;
