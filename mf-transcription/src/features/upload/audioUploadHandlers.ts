// Test data and MSW handlers for the Audio Upload screen: the types, the status, the upload itself, and the patient
// calls of its sidebar. Each handler takes the answer's body (sent as JSON with status 200) or a function of what
// the call received for anything dynamic.
import type { AudioUploadResponse } from '@ewrt/contract';
import { answerCallWith, type CallAnswering } from '@ewrt/shared/testing';
import { makeTranscriptionStatus, TRANSCRIPTION_TYPES } from '../testing/transcriptionFixtures';

export {
  bareTranscriptionError,
  getPatientHandler,
  INSTALL_COMMAND,
  makeTranscriptionStatus,
  TRANSCRIPTION_TYPES,
  transcriptionApiError,
} from '../testing/transcriptionFixtures';

export const transcriptionTypesHandler = (
  answer: CallAnswering<'getTranscriptionTypes'> = {
    success: true,
    transcription_types: TRANSCRIPTION_TYPES,
  },
) => answerCallWith('getTranscriptionTypes', answer);

export const transcriptionStatusHandler = (
  answer: CallAnswering<'getTranscriptionStatus'> = makeTranscriptionStatus(),
) => answerCallWith('getTranscriptionStatus', answer);

export const uploadAudioHandler = (answer: CallAnswering<'uploadAudio'>) =>
  answerCallWith('uploadAudio', answer);

export const updateDateOfEventHandler = (answer: CallAnswering<'updateDateOfEvent'>) =>
  answerCallWith('updateDateOfEvent', answer);

/** The 202 answer of a queued upload. */
export function queuedUpload(overrides: Partial<AudioUploadResponse> = {}): AudioUploadResponse {
  return {
    success: true,
    message: 'Audio file uploaded. Transcription has started in the background.',
    redirect_to: '/patient/101/jobs',
    error: null,
    job_id: 77,
    ...overrides,
  };
}

/** A recording of this name, type and size in bytes (its content is never read by the screen). */
export const audioFile = (name = 'clinic-dictation.wav', type = 'audio/wav', size = 48_000) =>
  new File([new Uint8Array(size)], name, { type });

/** The picker's hidden file input, for userEvent.upload. */
export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}
