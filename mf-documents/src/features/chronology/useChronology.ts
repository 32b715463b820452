import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChronologyFilter, ChronologyResponse } from '@ewrt/contract';
import { JOB_TYPES } from '@ewrt/contract/limits';
import { subscribeToJobUpdates } from '@ewrt/shared';
import { getChronology } from '../api/chronologyApi';
import { ACTIVE_LIST_POLL_MS, isActiveStatus } from '../jobs/jobPolling';
import { startPolling, type Polling } from '../jobs/startPolling';

export interface ChronologyState {
  /** The latest answer; null until the first. */
  chronology: ChronologyResponse | null;
  /** The last load failed (the previous answer, if any, stays on screen). */
  loadError: unknown;
  /** Loads again at once (after a build starts, a Retry, or a change of the Date of Event). */
  refreshNow: () => void;
}

/**
 * The patient's chronology with these filters: loaded again when the filters change, every 2 s while it is being
 * built (as the job list polls), and at once when the server pushes a change of this patient's chronology job or
 * the end of another of their jobs (a processed document makes the chronology out of date).
 */
export function useChronology(patientId: number, filter: ChronologyFilter): ChronologyState {
  const [chronology, setChronology] = useState<ChronologyResponse | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const pollingRef = useRef<Polling | null>(null);
  const filterRef = useRef(filter);

  useEffect(() => {
    setChronology(null);
    setLoadError(null);
    const polling = startPolling(async () => {
      try {
        const answer = await getChronology(patientId, filterRef.current);
        if (pollingRef.current !== polling) return null;
        setChronology(answer);
        setLoadError(null);
        return answer.state === 'building' ? ACTIVE_LIST_POLL_MS : null;
      } catch (error) {
        if (pollingRef.current === polling) setLoadError(error);
        return null;
      }
    });
    pollingRef.current = polling;
    const unsubscribe = subscribeToJobUpdates((job) => {
      if (job.patient_id !== patientId) return;
      if (job.job_type === JOB_TYPES.CHRONOLOGY || !isActiveStatus(job.status)) polling.refreshNow();
    });
    return () => {
      unsubscribe();
      polling.stop();
      pollingRef.current = null;
    };
  }, [patientId]);

  // New filters (the caller memoises them) ask again at once; the first load already used the ones it started with.
  useEffect(() => {
    if (filterRef.current === filter) return;
    filterRef.current = filter;
    pollingRef.current?.refreshNow();
  }, [filter]);

  const refreshNow = useCallback(() => pollingRef.current?.refreshNow(), []);
  return { chronology, loadError, refreshNow };
}
