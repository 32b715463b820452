// The background job indicator's calls (part 2 §7): only the host's navbar makes them.
import {
  apiClient,
  type ActiveJobsResponse,
  type BackgroundJob,
  type RecentCompletedJobsResponse,
} from '@ewrt/shared';

const userPath = (userId: number) => `/api/background-jobs/user/${encodeURIComponent(userId)}`;

/** The user's pending and running jobs. */
export async function listActiveJobs(userId: number): Promise<BackgroundJob[]> {
  const { data } = await apiClient.get<ActiveJobsResponse>(`${userPath(userId)}/active`);
  return data.active_jobs;
}

/** The user's recently finished jobs that they have not dismissed. */
export async function listRecentCompletedJobs(userId: number): Promise<BackgroundJob[]> {
  const { data } = await apiClient.get<RecentCompletedJobsResponse>(`${userPath(userId)}/recent-completed`);
  return data.recent_completed;
}

/** Hides a job from the indicator; the job itself is kept. */
export async function dismissJob(jobId: number): Promise<void> {
  await apiClient.post(`/api/background-jobs/dismiss/${encodeURIComponent(jobId)}`);
}
