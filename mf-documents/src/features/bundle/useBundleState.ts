import { useCallback, useEffect, useRef, useState } from 'react';
import type { BundleStateResponse } from '@ewrt/contract';
import { JOB_TYPES } from '@ewrt/contract/limits';
import { subscribeToJobUpdates } from '@ewrt/shared';
import { getBundleState } from '../api/bundleApi';
import { ACTIVE_LIST_POLL_MS } from '../jobs/jobPolling';
import { startPolling, type Polling } from '../jobs/startPolling';

export interface BundleState {
  /** The latest answer; null until the first one. */
  state: BundleStateResponse | null;
  /** The last load failed (the previous answer, if any, stays on screen). */
  loadError: unknown;
  /** Loads again at once. */
  refreshNow: () => void;
  /** Takes an answer another call returned (saving the order answers the new state). */
  replace: (state: BundleStateResponse) => void;
}

/**
 * The patient's bundle state, reloaded every 2 s while a bundle job is active (as the job list polls) and at once
 * when the server pushes a change of one of this patient's bundle jobs.
 */
export function useBundleState(patientId: number): BundleState {
  const [state, setState] = useState<BundleStateResponse | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const pollingRef = useRef<Polling | null>(null);

  useEffect(() => {
    setState(null);
    setLoadError(null);
    const polling = startPolling(async () => {
      try {
        const answer = await getBundleState(patientId);
        if (pollingRef.current !== polling) return null;
        setState(answer);
        setLoadError(null);
        return answer.active_job ? ACTIVE_LIST_POLL_MS : null;
      } catch (error) {
        if (pollingRef.current === polling) setLoadError(error);
        return null;
      }
    });
    pollingRef.current = polling;
    const unsubscribe = subscribeToJobUpdates((job) => {
      if (job.patient_id === patientId && job.job_type === JOB_TYPES.RECORD_BUNDLE) polling.refreshNow();
    });
    return () => {
      unsubscribe();
      polling.stop();
      pollingRef.current = null;
    };
  }, [patientId]);

  const refreshNow = useCallback(() => pollingRef.current?.refreshNow(), []);
  const replace = useCallback((next: BundleStateResponse) => {
    setState(next);
    setLoadError(null);
  }, []);
  return { state, loadError, refreshNow, replace };
}
