import { useCallback, useEffect, useState } from 'react';
import type { Transcription } from '@ewrt/contract';
import { listTranscriptions } from '../api/transcriptionApi';

export type PatientTranscriptionsState =
  | { status: 'loading'; transcriptions: Transcription[] | null }
  | { status: 'loaded'; transcriptions: Transcription[] }
  | { status: 'failed'; error: unknown };

/** The patient's transcriptions, complete and incomplete; `reload` lists them again (after a deletion, on Refresh). */
export function usePatientTranscriptions(patientId: number) {
  const [state, setState] = useState<PatientTranscriptionsState>({ status: 'loading', transcriptions: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    // While reloading, the tables keep their rows so that they do not flash empty.
    setState((previous) => ({
      status: 'loading',
      transcriptions: previous.status === 'failed' ? null : previous.transcriptions,
    }));
    listTranscriptions(patientId).then(
      (transcriptions) => current && setState({ status: 'loaded', transcriptions }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [patientId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
