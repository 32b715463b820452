import { useCallback, useEffect, useRef, useState } from 'react';
import type { Job } from '@ewrt/contract';
import { listPatientJobs } from '../api/jobsApi';
import { listLoadHasFailed, nextListPollDelay } from './jobPolling';
import { startPolling, type Polling } from './startPolling';

export interface PatientJobs {
  /** The patient's jobs, newest first; null until the first answer. */
  jobs: Job[] | null;
  /** Three reloads in a row have failed (the list keeps trying, and recovers on the next answer). */
  failedToLoad: boolean;
  /** Reloads at once, e.g. when the server pushes a change of one of these jobs. */
  refreshNow: () => void;
  /** Reloads at once and tells whether that reload worked (the Refresh button). */
  refresh: () => Promise<boolean>;
}

interface LoadState {
  patientId: number | null;
  jobs: Job[] | null;
  consecutiveFailures: number;
}

/** The patient's job list, kept fresh by the polling rules of JOB-04 (see jobPolling.ts). */
export function usePatientJobs(patientId: number | null): PatientJobs {
  const [state, setState] = useState<LoadState>({ patientId, jobs: null, consecutiveFailures: 0 });
  const pollingRef = useRef<Polling | null>(null);
  /** Refresh clicks waiting for the next reload to finish. */
  const waitingRef = useRef<((succeeded: boolean) => void)[]>([]);

  useEffect(() => {
    if (patientId === null) return undefined;
    const waitingForReload = waitingRef.current;
    let jobs: Job[] | null = null;
    let consecutiveFailures = 0;
    setState({ patientId, jobs: null, consecutiveFailures: 0 });
    const polling = startPolling(async () => {
      const waiting = waitingForReload.splice(0);
      try {
        jobs = await listPatientJobs(patientId);
        consecutiveFailures = 0;
      } catch {
        consecutiveFailures += 1;
      }
      // Copies: each reload is a new state even when the counts repeat.
      const loadedJobs = jobs;
      const failures = consecutiveFailures;
      if (pollingRef.current === polling)
        setState({ patientId, jobs: loadedJobs, consecutiveFailures: failures });
      waiting.forEach((settle) => settle(failures === 0));
      return nextListPollDelay(jobs, Date.now());
    });
    pollingRef.current = polling;
    return () => {
      polling.stop();
      pollingRef.current = null;
      waitingForReload.splice(0).forEach((settle) => settle(false));
    };
  }, [patientId]);

  const refreshNow = useCallback(() => pollingRef.current?.refreshNow(), []);
  const refresh = useCallback(
    () =>
      new Promise<boolean>((settle) => {
        if (!pollingRef.current) {
          settle(false);
          return;
        }
        waitingRef.current.push(settle);
        pollingRef.current.refreshNow();
      }),
    [],
  );

  const current = state.patientId === patientId;
  return {
    jobs: current ? state.jobs : null,
    failedToLoad: current && listLoadHasFailed(state.consecutiveFailures),
    refreshNow,
    refresh,
  };
}
