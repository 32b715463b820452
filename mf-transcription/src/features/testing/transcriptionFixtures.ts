// Test data and MSW helpers shared by the transcription screens' tests (part 3 §7 "Transcription"): the types and
// the status the server answers, error answers, and handlers that take the answer's body (sent as JSON with status
// 200) or an MSW resolver for anything dynamic.
import type { Patient, TranscriptionStatusResponse, TranscriptionType } from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw';

// Any Response may answer (a file, a network error), not only a typed JSON one.
export type Resolver = HttpResponseResolver<PathParams, DefaultBodyType, undefined>;
/** A handler's answer: the body (sent as JSON with status 200) or a resolver. */
export type Answer<Body> = Body | Resolver;

export function respond<Body>(answer: Answer<Body>): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0]);
}

/** An error answer as the server sends it (clients show its `message`). */
export function transcriptionApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareTranscriptionError = () => new HttpResponse(null, { status: 500 });

/** GET /api/patients/:id, as the screen loads the ?patientId= patient. */
export const getPatientHandler = (answer: Answer<Patient>) =>
  http.get(apiUrl('/api/patients/:id'), respond(answer));

export const TRANSCRIPTION_TYPES: TranscriptionType[] = [
  { ID_transcription: 1, text_transcription_type: 'Outpatient Consultation', description: null },
  { ID_transcription: 2, text_transcription_type: 'Medicolegal Assessment', description: null },
  { ID_transcription: 3, text_transcription_type: 'Medical Opinion', description: null },
];

export const INSTALL_COMMAND =
  'sudo apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx ffmpeg';

const FORMATTING_NOT_CONFIGURED: TranscriptionStatusResponse['formatting'] = {
  available: false,
  message: 'AI formatting is not configured',
  model_info: null,
};

/** The status answer; speech recognition available and AI formatting not configured unless told otherwise. */
export function makeTranscriptionStatus(
  speech: Partial<TranscriptionStatusResponse['speech']> = {},
  formatting: TranscriptionStatusResponse['formatting'] = FORMATTING_NOT_CONFIGURED,
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
    formatting,
  };
}
