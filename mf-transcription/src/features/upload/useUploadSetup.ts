import { useCallback, useEffect, useState } from 'react';
import type { TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { getTranscriptionStatus, getTranscriptionTypes } from '../api/transcriptionApi';
import { AUDIO_UPLOAD_MESSAGES } from './audioUploadMessages';

/** Something the screen loads: still coming, there, or why not. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: string };

export type SpeechStatus = TranscriptionStatusResponse['speech'];

/**
 * What the upload needs from the server before anything is sent: the transcription types to choose from, and
 * whether this server can recognise speech at all (so the screen can say so before the user waits for an upload).
 */
export function useUploadSetup() {
  const [types, setTypes] = useState<Loaded<TranscriptionType[]>>({ status: 'loading' });
  const [speech, setSpeech] = useState<Loaded<SpeechStatus>>({ status: 'loading' });
  const [typesGeneration, setTypesGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setTypes({ status: 'loading' });
    getTranscriptionTypes().then(
      (value) => current && setTypes({ status: 'ready', value }),
      (error: unknown) =>
        current &&
        setTypes({ status: 'failed', error: getErrorMessage(error, AUDIO_UPLOAD_MESSAGES.loadTypesFailed) }),
    );
    return () => {
      current = false;
    };
  }, [typesGeneration]);

  useEffect(() => {
    let current = true;
    getTranscriptionStatus().then(
      (status) => current && setSpeech({ status: 'ready', value: status.speech }),
      // Unknown is not "unavailable": the upload stays possible and the server refuses it if it must.
      (error: unknown) => current && setSpeech({ status: 'failed', error: getErrorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  const reloadTypes = useCallback(() => setTypesGeneration((value) => value + 1), []);
  return { types, speech, reloadTypes };
}
