import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftReportStatusResponse, JobStatus } from '@ewrt/contract';
import { DRAFT_JOB_POLL_INTERVAL_MS } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { getDraftReportStatus } from '../api/draftReportsApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';

/** The job the screen is watching, as last reported. */
export interface FollowedDraftJob {
  jobId: number;
  status: JobStatus;
  progress: number;
  step: string | null;
  errorMessage: string | null;
}

export const isJobActive = (status: JobStatus) => status === 'pending' || status === 'running';

/**
 * Follows one draft-report job: asks its status every DRAFT_JOB_POLL_INTERVAL_MS while it is pending or running,
 * and calls `onFinished` once when it ends (completed, failed or cancelled). Stops on unmount and on `stop`.
 */
export function useDraftJobPolling(onFinished: (job: FollowedDraftJob) => void) {
  const [job, setJob] = useState<FollowedDraftJob | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const jobId = job?.jobId ?? null;
  const active = job !== null && isJobActive(job.status);

  useEffect(() => {
    if (jobId === null || !active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer: DraftReportStatusResponse = await getDraftReportStatus(jobId);
        if (stopped) return;
        setPollError(null);
        const next: FollowedDraftJob = {
          jobId,
          status: answer.status,
          progress: answer.progress_percentage,
          step: answer.current_step,
          errorMessage: answer.error_message,
        };
        setJob(next);
        if (!isJobActive(next.status)) {
          onFinishedRef.current(next);
          return;
        }
      } catch (error) {
        if (stopped) return;
        // A missed answer is not the job's end: say so and keep asking.
        setPollError(getErrorMessage(error, DRAFT_REPORT_MESSAGES.statusFailed));
      }
      timer = setTimeout(() => void poll(), DRAFT_JOB_POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void poll(), DRAFT_JOB_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [jobId, active]);

  const follow = useCallback((next: FollowedDraftJob) => {
    setPollError(null);
    setJob(next);
  }, []);
  const stop = useCallback(() => {
    setPollError(null);
    setJob(null);
  }, []);

  return { job, pollError, follow, stop };
}
