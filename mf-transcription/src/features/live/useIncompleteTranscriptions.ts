import { useCallback, useEffect, useState } from 'react';
import type { Transcription } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { listIncompleteTranscriptions } from '../api/transcriptionApi';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import type { Loaded } from './useLiveSetup';

/** The patient's incomplete transcriptions, newest first as the server lists them, reloaded on demand. */
export function useIncompleteTranscriptions(patientId: number) {
  const [state, setState] = useState<Loaded<Transcription[]>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    listIncompleteTranscriptions(patientId).then(
      (value) => current && setState({ status: 'ready', value }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          error: getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.fetchIncompleteFailed),
        }),
    );
    return () => {
      current = false;
    };
  }, [patientId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
