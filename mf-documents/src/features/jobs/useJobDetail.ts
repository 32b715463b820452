import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobStatusResponse } from '@ewrt/contract';
import { getJobStatus } from '../api/jobsApi';
import { DETAIL_POLL_MS, detailFailureOutcome, nextDetailPollDelay } from './jobPolling';
import { startPolling, type Polling } from './startPolling';

export interface JobDetail {
  /** The selected job's latest detail (job, progress steps, recent logs); null until the first answer. */
  detail: JobStatusResponse | null;
  /** The job answered 404 or kept failing: polling has stopped. */
  lost: boolean;
  /** Reloads at once, e.g. when the server pushes a change of this job. */
  refreshNow: () => void;
}

interface DetailState {
  jobId: number | null;
  detail: JobStatusResponse | null;
  lost: boolean;
}

function httpStatusOf(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

/** The selected job's detail: reloaded every second while the job is active (JOB-04). */
export function useJobDetail(jobId: number | null): JobDetail {
  const [state, setState] = useState<DetailState>({ jobId, detail: null, lost: false });
  const pollingRef = useRef<Polling | null>(null);

  useEffect(() => {
    if (jobId === null) return undefined;
    let consecutiveFailures = 0;
    setState({ jobId, detail: null, lost: false });
    const polling = startPolling(async () => {
      try {
        const detail = await getJobStatus(jobId);
        consecutiveFailures = 0;
        if (pollingRef.current === polling) setState({ jobId, detail, lost: false });
        return nextDetailPollDelay(detail.status);
      } catch (error) {
        consecutiveFailures += 1;
        if (detailFailureOutcome(httpStatusOf(error), consecutiveFailures) === 'retry') return DETAIL_POLL_MS;
        // Lost for good: a later push must not start it again.
        polling.stop();
        if (pollingRef.current !== polling) return null;
        setState((previous) => ({
          jobId,
          detail: previous.jobId === jobId ? previous.detail : null,
          lost: true,
        }));
        return null;
      }
    });
    pollingRef.current = polling;
    return () => {
      polling.stop();
      pollingRef.current = null;
    };
  }, [jobId]);

  const refreshNow = useCallback(() => pollingRef.current?.refreshNow(), []);
  const current = state.jobId === jobId && jobId !== null;
  return { detail: current ? state.detail : null, lost: current && state.lost, refreshNow };
}
