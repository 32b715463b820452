// Test data and MSW handlers for the Audio Upload screen (part 3 §7 "Transcription"): the types, the status, the
// upload itself, and the patient calls of its sidebar. Each handler takes the answer's body (sent as JSON with
// status 200) or an MSW resolver for anything dynamic.
import type {
  AudioUploadResponse,
  TranscriptionStatusResponse,
  TranscriptionTypesResponse,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { apiUrl, http } from '@ewrt/shared/testing';
import {
  makeTranscriptionStatus,
  respond,
  TRANSCRIPTION_TYPES,
  type Answer as UploadAnswer,
} from '../testing/transcriptionFixtures';

export {
  bareTranscriptionError,
  getPatientHandler,
  INSTALL_COMMAND,
  makeTranscriptionStatus,
  TRANSCRIPTION_TYPES,
  transcriptionApiError,
} from '../testing/transcriptionFixtures';

export const transcriptionTypesHandler = (
  answer: UploadAnswer<TranscriptionTypesResponse> = {
    success: true,
    transcription_types: TRANSCRIPTION_TYPES,
  },
) => http.get(apiUrl('/api/transcription/types'), respond(answer));

export const transcriptionStatusHandler = (
  answer: UploadAnswer<TranscriptionStatusResponse> = makeTranscriptionStatus(),
) => http.get(apiUrl('/api/transcription/status'), respond(answer));

export const uploadAudioHandler = (answer: UploadAnswer<AudioUploadResponse>) =>
  http.post(apiUrl('/api/transcription/upload-audio'), respond(answer));

export const updateDateOfEventHandler = (answer: UploadAnswer<UpdateDateOfEventResponse>) =>
  http.put(apiUrl('/api/patients/:id/update-date-of-event'), respond(answer));

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
