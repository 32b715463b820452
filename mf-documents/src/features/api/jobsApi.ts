// The job calls of part 2 §7 ("Jobs").
import type { Job, JobCancelResponse, JobStatusResponse, PatientJobsResponse } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

/** The patient's jobs, newest first. */
export async function listPatientJobs(patientId: number): Promise<Job[]> {
  const { data } = await apiClient.get<PatientJobsResponse>(
    `/api/patients/${encodeURIComponent(patientId)}/jobs`,
  );
  return data.jobs;
}

/** A job's state, with the detail view's job, progress steps and recent logs. */
export async function getJobStatus(jobId: number, signal?: AbortSignal): Promise<JobStatusResponse> {
  const { data } = await apiClient.get<JobStatusResponse>(`/api/jobs/${encodeURIComponent(jobId)}/status`, {
    signal,
  });
  return data;
}

export async function cancelJob(jobId: number): Promise<JobCancelResponse> {
  const { data } = await apiClient.post<JobCancelResponse>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`);
  return data;
}
