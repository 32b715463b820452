// Test data and MSW handlers for Manage Transcriptions (part 3 §7 "Transcription": list, download, delete) and the
// patient the screen loads from ?patientId=. Each handler takes the answer's body (sent as JSON with status 200) or
// an MSW resolver for anything dynamic.
import type { MessageResponse, Patient, Transcription, TranscriptionsResponse } from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw';

// Any Response may answer (a file, a network error), not only a typed JSON one.
type Resolver = HttpResponseResolver<PathParams, DefaultBodyType, undefined>;
export type ManageAnswer<Body> = Body | Resolver;

function respond<Body>(answer: ManageAnswer<Body>): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0]);
}

/** An error answer as the server sends it (clients show its `message`). */
export function manageApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareManageError = () => new HttpResponse(null, { status: 500 });

/** A Word document as the server sends it, named by Content-Disposition. */
export function wordDocumentAnswer(filename: string, bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04])) {
  return new HttpResponse(bytes, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

export const listTranscriptionsHandler = (answer: ManageAnswer<TranscriptionsResponse>) =>
  http.get(apiUrl('/api/transcription/patient/:id/list'), respond(answer));

export const downloadByLinkHandler = (answer: Resolver) =>
  http.get(apiUrl('/api/transcription/download'), answer);

export const downloadByIdHandler = (answer: Resolver) =>
  http.get(apiUrl('/api/transcription/download/:id'), answer);

export const deleteTranscriptionHandler = (answer: ManageAnswer<MessageResponse>) =>
  http.delete(apiUrl('/api/transcription/:id'), respond(answer));

/** GET /api/patients/:id, as the screen loads the ?patientId= patient. */
export const getPatientHandler = (answer: ManageAnswer<Patient>) =>
  http.get(apiUrl('/api/patients/:id'), respond(answer));

/** A transcription of patient 101, made at this local date and time; override any field. */
export function makeTranscription(
  localTime: [year: number, month: number, day: number, hour: number, minute: number],
  overrides: Partial<Transcription> = {},
): Transcription {
  const [year, month, day, hour, minute] = localTime;
  const at = new Date(year, month - 1, day, hour, minute).toISOString();
  return {
    ID_Transcription: 1,
    Transcription: 'Patient seen in clinic today.',
    DateOfTranscription: at,
    text_transcription_type: 'Outpatient Consultation',
    transcriptionType: 1,
    CreatedBy: 'Dr Asha Patel',
    Status: 'Incomplete',
    S3_Link: null,
    filename: null,
    patient_id: 101,
    source: 'live',
    updated_at: at,
    ...overrides,
  };
}

export const transcriptionsListing = (transcriptions: Transcription[]): TranscriptionsResponse => ({
  success: true,
  transcriptions,
});
