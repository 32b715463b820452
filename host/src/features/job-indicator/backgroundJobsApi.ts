// The background job indicator's calls: only the host's navbar makes them.
import { callApi, type BackgroundJob } from '@ewrt/shared';

/** The user's pending and running jobs. */
export async function listActiveJobs(userId: number): Promise<BackgroundJob[]> {
  return (await callApi('listActiveJobs', { params: { userId } })).active_jobs;
}

/** The user's recently finished jobs that they have not dismissed. */
export async function listRecentCompletedJobs(userId: number): Promise<BackgroundJob[]> {
  return (await callApi('listRecentCompletedJobs', { params: { userId } })).recent_completed;
}

/** Hides a job from the indicator; the job itself is kept. */
export async function dismissJob(jobId: number): Promise<void> {
  await callApi('dismissJob', { params: { jobId } });
}
