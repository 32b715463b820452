import { useCallback, useEffect, useState } from 'react';
import type { DuplicateGroupsResponse, RecordGapsResponse } from '@ewrt/contract';
import { getDuplicateGroups, getRecordGaps } from '../api/recordReviewApi';

/** One of the review's two answers: the latest, or why it could not be loaded. */
interface Loaded<T> {
  answer: T | null;
  error: unknown;
}

export interface RecordReviewState {
  duplicates: Loaded<DuplicateGroupsResponse>;
  gaps: Loaded<RecordGapsResponse>;
  /** Loads both again (after a copy is kept or brought back, or a Retry). */
  reload: () => void;
}

const NOTHING = { answer: null, error: null };

/** The patient's copies and flags, the flags for gaps longer than `gapDays`. */
export function useRecordReview(patientId: number, gapDays: number): RecordReviewState {
  const [duplicates, setDuplicates] = useState<Loaded<DuplicateGroupsResponse>>(NOTHING);
  const [gaps, setGaps] = useState<Loaded<RecordGapsResponse>>(NOTHING);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getDuplicateGroups(patientId, controller.signal).then(
      (answer) => setDuplicates({ answer, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setDuplicates((before) => ({ ...before, error }));
      },
    );
    return () => controller.abort();
  }, [patientId, generation]);

  useEffect(() => {
    const controller = new AbortController();
    getRecordGaps(patientId, gapDays, controller.signal).then(
      (answer) => setGaps({ answer, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setGaps((before) => ({ ...before, error }));
      },
    );
    return () => controller.abort();
  }, [patientId, gapDays, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { duplicates, gaps, reload };
}
