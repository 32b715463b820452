import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeToJobUpdates, type BackgroundJob, type Job } from '@ewrt/shared';
import { dismissJob, listActiveJobs, listRecentCompletedJobs } from './backgroundJobsApi';

/** The indicator is refreshed this often (JOB-08), and at once on a push. */
export const INDICATOR_REFRESH_MS = 15_000;

const ACTIVE_STATUSES = new Set(['pending', 'running']);

export interface BackgroundJobs {
  active: BackgroundJob[];
  recent: BackgroundJob[];
  /** The lists have been loaded at least once. */
  loaded: boolean;
  /** The latest refresh failed (the lists shown, if any, are the previous ones). */
  failed: boolean;
  /** Hides a job from the indicator; rejects when the server refuses. */
  dismiss: (jobId: number) => Promise<void>;
}

interface Lists {
  active: BackgroundJob[];
  recent: BackgroundJob[];
  loaded: boolean;
  failed: boolean;
}

/** A pushed job as the indicator shows it. */
function asBackgroundJob(job: Job, title: string | null): BackgroundJob {
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
    title: job.input_data.filename ?? title,
  };
}

/** The signed-in user's active and recently completed jobs, kept fresh by polling and the server's pushes. */
export function useBackgroundJobs(userId: number): BackgroundJobs {
  const [lists, setLists] = useState<Lists>({ active: [], recent: [], loaded: false, failed: false });
  const refreshRef = useRef<() => void>(() => undefined);
  const activeIdsRef = useRef<ReadonlySet<number>>(new Set());

  useEffect(() => {
    let stopped = false;
    let running = false;
    let runAgain = false;
    // Refreshes never overlap: one asked for meanwhile (a burst of pushes) runs once, after it.
    const refresh = async (): Promise<void> => {
      if (running) {
        runAgain = true;
        return;
      }
      running = true;
      try {
        const [active, recent] = await Promise.all([listActiveJobs(userId), listRecentCompletedJobs(userId)]);
        if (stopped) return;
        activeIdsRef.current = new Set(active.map((job) => job.id));
        setLists({ active, recent, loaded: true, failed: false });
      } catch (error) {
        console.error('Loading the background jobs failed', error);
        if (!stopped) setLists((previous) => ({ ...previous, failed: true }));
      } finally {
        running = false;
      }
      if (runAgain && !stopped) {
        runAgain = false;
        void refresh();
      }
    };
    refreshRef.current = () => void refresh();
    void refresh();
    const timer = setInterval(() => void refresh(), INDICATOR_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      refreshRef.current = () => undefined;
    };
  }, [userId]);

  // Pushes matter while a job runs: only then is the live connection (and its client library) loaded, so a
  // sign-in with nothing running downloads no more than the polling needs.
  const hasActiveJobs = lists.active.length > 0;
  useEffect(() => {
    if (!hasActiveJobs) return undefined;
    return subscribeToJobUpdates((job) => {
      // Progress of a job already listed as active is shown at once; anything else (a new job, a job that has
      // finished) changes which list it belongs to, which the server decides.
      if (!activeIdsRef.current.has(job.id) || !ACTIVE_STATUSES.has(job.status)) {
        refreshRef.current();
        return;
      }
      setLists((previous) => ({
        ...previous,
        active: previous.active.map((candidate) =>
          candidate.id === job.id ? asBackgroundJob(job, candidate.title) : candidate,
        ),
      }));
    });
  }, [hasActiveJobs]);

  const dismiss = useCallback(async (jobId: number) => {
    await dismissJob(jobId);
    setLists((previous) => ({
      ...previous,
      active: previous.active.filter((job) => job.id !== jobId),
      recent: previous.recent.filter((job) => job.id !== jobId),
    }));
    refreshRef.current();
  }, []);

  return { ...lists, dismiss };
}
