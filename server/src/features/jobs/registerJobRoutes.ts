import { backgroundJobCalls, jobCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { JobService } from './createJobService.js';

/** The job list calls and the navbar indicator's calls: each its contract declaration, audit and one service call. */
export function registerJobRoutes(app: ApiInstance, jobs: JobService): void {
  app.route({
    ...jobCalls.listPatientJobs,
    config: { audit: { action: 'job.list', resource: 'patient' } },
    handler: (request) => jobs.listForPatient(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...jobCalls.getJobStatus,
    config: { audit: { action: 'job.read', resource: 'job' } },
    handler: (request) => jobs.status(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...jobCalls.cancelJob,
    config: { audit: { action: 'job.cancel', resource: 'job' } },
    handler: (request) => jobs.cancel(currentUser(request), request.params.id, auditOf(request)),
  });

  const ownJobs = { audit: { action: 'job.list_own', resource: 'job' } } as const;

  app.route({
    ...backgroundJobCalls.listActiveJobs,
    config: ownJobs,
    handler: (request) => jobs.listActive(currentUser(request), request.params.userId),
  });

  app.route({
    ...backgroundJobCalls.listRecentCompletedJobs,
    config: ownJobs,
    handler: (request) => jobs.listRecentCompleted(currentUser(request), request.params.userId),
  });

  app.route({
    ...backgroundJobCalls.dismissJob,
    config: { audit: { action: 'job.dismiss', resource: 'job' } },
    handler: (request) => jobs.dismiss(currentUser(request), request.params.jobId, auditOf(request)),
  });
}
