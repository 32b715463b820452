// Test data for the Audio Upload screen: the types, the status, the upload itself, and the patient calls of its
// sidebar.
import type { AudioUploadResponse } from '@ewrt/contract';
import { answerCallWith, type CallAnswering } from '@ewrt/shared/testing';
import { makeTranscriptionStatus, TRANSCRIPTION_TYPES } from '../testing/transcriptionFixtures';

export {
  bareTranscriptionError,
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
