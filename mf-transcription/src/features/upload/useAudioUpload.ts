import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUDIO_UPLOAD_REDIRECT_DELAY_MS } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { uploadAudio } from '../api/transcriptionApi';
import { AUDIO_UPLOAD_MESSAGES } from './audioUploadMessages';
import { uploadRedirectTarget } from './uploadRedirectTarget';

/** TRN-06: uploading with a percent, then queued, then on to the job list after 2 seconds. */
export type AudioUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'queued'; jobId: number; message: string; redirectTo: string }
  | { phase: 'failed'; error: string };

/** The request's 2-minute limit ran out (axios names it so) rather than the server refusing. */
function isTimeout(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ECONNABORTED' || code === 'ETIMEDOUT';
}

/**
 * Sends the chosen file for transcription and, once the server has queued the job, moves on to where it is
 * followed. A failure leaves the screen as it was (file and type chosen) so that Upload can simply be pressed again.
 */
export function useAudioUpload(patientId: number) {
  const navigate = useNavigate();
  const [state, setState] = useState<AudioUploadState>({ phase: 'idle' });
  const mounted = useRef(true);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (redirectTimer.current !== null) clearTimeout(redirectTimer.current);
    };
  }, []);

  const start = useCallback(
    async (file: File, transcriptionTypeId: number) => {
      setState({ phase: 'uploading', percent: 0 });
      const fail = (detail: string) => {
        if (mounted.current) setState({ phase: 'failed', error: AUDIO_UPLOAD_MESSAGES.startFailed(detail) });
      };
      try {
        const answer = await uploadAudio(file, patientId, transcriptionTypeId, (percent) => {
          if (mounted.current) setState({ phase: 'uploading', percent });
        });
        if (!answer.success) {
          fail(answer.error || answer.message || AUDIO_UPLOAD_MESSAGES.unknownError);
          return;
        }
        if (!mounted.current) return;
        const redirectTo = uploadRedirectTarget(answer.redirect_to, patientId);
        setState({ phase: 'queued', jobId: answer.job_id, message: answer.message, redirectTo });
        redirectTimer.current = setTimeout(() => navigate(redirectTo), AUDIO_UPLOAD_REDIRECT_DELAY_MS);
      } catch (error) {
        fail(
          isTimeout(error)
            ? AUDIO_UPLOAD_MESSAGES.timedOut
            : getErrorMessage(error, AUDIO_UPLOAD_MESSAGES.unknownError),
        );
      }
    },
    [navigate, patientId],
  );

  return { state, start };
}
