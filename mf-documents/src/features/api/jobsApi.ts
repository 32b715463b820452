// The job calls of JOB-05.
import type { Job, JobCancelResponse, JobStatusResponse } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** The patient's jobs, newest first. */
export async function listPatientJobs(patientId: number): Promise<Job[]> {
  return (await callApi('listPatientJobs', { params: { id: patientId } })).jobs;
}

/** A job's state, with the detail view's job, progress steps and recent logs. */
export function getJobStatus(jobId: number, signal?: AbortSignal): Promise<JobStatusResponse> {
  return callApi('getJobStatus', { params: { id: jobId } }, { signal });
}

export function cancelJob(jobId: number): Promise<JobCancelResponse> {
  return callApi('cancelJob', { params: { id: jobId } });
}
