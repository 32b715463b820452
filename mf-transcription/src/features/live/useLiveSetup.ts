import { useEffect, useState } from 'react';
import type { TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { getTranscriptionStatus, getTranscriptionTypes } from '../api/transcriptionApi';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';

/** Something the screen loads: still coming, there, or why not. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: string };

/**
 * What the screen needs from the server before recording: the transcription types, and what this server can do
 * (whether it recognises speech, whether a language model formats transcripts and which one).
 */
export function useLiveSetup() {
  const [types, setTypes] = useState<Loaded<TranscriptionType[]>>({ status: 'loading' });
  const [capabilities, setCapabilities] = useState<Loaded<TranscriptionStatusResponse>>({
    status: 'loading',
  });

  useEffect(() => {
    let current = true;
    getTranscriptionTypes().then(
      (value) => current && setTypes({ status: 'ready', value }),
      (error: unknown) =>
        current &&
        setTypes({
          status: 'failed',
          error: getErrorMessage(error, LIVE_TRANSCRIPTION_MESSAGES.loadTypesFailed),
        }),
    );
    getTranscriptionStatus().then(
      (value) => current && setCapabilities({ status: 'ready', value }),
      (error: unknown) => current && setCapabilities({ status: 'failed', error: getErrorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  return { types, capabilities };
}
