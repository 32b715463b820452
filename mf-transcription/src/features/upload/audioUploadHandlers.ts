// Test data and MSW handlers for the Audio Upload screen (part 3 §7 "Transcription"): the types, the status, the
// upload itself, and the patient calls of its sidebar. Each handler takes the answer's body (sent as JSON with
// status 200) or an MSW resolver for anything dynamic.
import type {
  AudioUploadResponse,
  Patient,
  TranscriptionStatusResponse,
  TranscriptionType,
  TranscriptionTypesResponse,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw';

// Any Response may answer (a network error too), not only a typed JSON one.
type Resolver = HttpResponseResolver<PathParams, DefaultBodyType, undefined>;
/** A handler's answer: the body (sent as JSON with status 200) or a resolver. */
export type UploadAnswer<Body> = Body | Resolver;

function respond<Body>(answer: UploadAnswer<Body>): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0]);
}

/** An error answer as the server sends it (clients show its `message`). */
export function uploadApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareUploadError = () => new HttpResponse(null, { status: 500 });

export const TRANSCRIPTION_TYPES: TranscriptionType[] = [
  { ID_transcription: 1, text_transcription_type: 'Outpatient Consultation', description: null },
  { ID_transcription: 2, text_transcription_type: 'Medicolegal Assessment', description: null },
  { ID_transcription: 3, text_transcription_type: 'Medical Opinion', description: null },
];

export const INSTALL_COMMAND =
  'sudo apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx ffmpeg';

/** The status answer; speech recognition available unless told otherwise. */
export function makeTranscriptionStatus(
  speech: Partial<TranscriptionStatusResponse['speech']> = {},
): TranscriptionStatusResponse {
  return {
    speech: {
      available: true,
      name: 'pocketsphinx (offline, on this server)',
      message: 'Speech recognition is ready',
      install_command: null,
      on_server: true,
      reads_files: true,
      ...speech,
    },
    formatting: { available: false, message: 'AI formatting is not configured', model_info: null },
  };
}

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

/** GET /api/patients/:id, as the screen loads the ?patientId= patient. */
export const getPatientHandler = (answer: UploadAnswer<Patient>) =>
  http.get(apiUrl('/api/patients/:id'), respond(answer));

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
