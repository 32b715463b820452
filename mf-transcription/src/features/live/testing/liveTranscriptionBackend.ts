// Test data and MSW handlers for the Live Transcription screen (part 3 §7 "Transcription"): one backend object holds
// what the server would and records what the screen sent; tests change it, or override one call with `server.use`.
import type {
  CompleteTranscriptionRequest,
  MedicolegalResult,
  SaveTranscriptionRequest,
  SummarizeRequest,
  Transcription,
  TranscriptionStatusResponse,
} from '@ewrt/contract';
import type { Patient } from '@ewrt/shared';
import { apiUrl, http, HttpResponse, makePatient } from '@ewrt/shared/testing';
import {
  makeTranscriptionStatus,
  TRANSCRIPTION_TYPES,
  transcriptionApiError,
} from '../../testing/transcriptionFixtures';

export {
  INSTALL_COMMAND,
  TRANSCRIPTION_TYPES,
  transcriptionApiError,
} from '../../testing/transcriptionFixtures';

export const LIVE_PATIENT: Patient = makePatient({
  ID_Patient: 101,
  FirstName: 'Alex',
  Surname: 'Example',
  MRN: 'DEMO-0101',
  DateOfBirth: '1980-05-12',
});

/** The model label the server reports; the screen must show exactly this. */
export const SERVER_MODEL_LABEL = 'stand-in-model-7b (llm.local)';

export function makeTranscription(overrides: Partial<Transcription> = {}): Transcription {
  return {
    ID_Transcription: 77,
    Transcription: 'the claimant reports neck pain since the collision',
    DateOfTranscription: '2026-01-05T09:30:00.000Z',
    text_transcription_type: 'Medicolegal Assessment',
    transcriptionType: 2,
    CreatedBy: 'Dr Asha Patel',
    Status: 'Incomplete',
    S3_Link: null,
    filename: null,
    patient_id: LIVE_PATIENT.ID_Patient,
    source: 'live',
    updated_at: '2026-01-05T09:45:00.000Z',
    ...overrides,
  };
}

export function makeStatus(formattingAvailable: boolean): TranscriptionStatusResponse {
  return makeTranscriptionStatus(
    {},
    formattingAvailable
      ? {
          available: true,
          message: 'AI formatting is available',
          model_info: {
            mode: 'language-model',
            model: 'stand-in-model-7b',
            provider: 'llm.local',
            label: SERVER_MODEL_LABEL,
          },
        }
      : undefined,
  );
}

export const MEDICOLEGAL_RESULT: MedicolegalResult = {
  summary: 'Neck pain following a rear-end collision.',
  keyPoints: ['Onset on the day of the collision', 'No previous neck problems'],
  transcript: 'the claimant reports neck pain since the collision',
  contextualSections: { 'Mechanism of Injury': 'Stationary vehicle struck from behind.' },
};

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface LiveTranscriptionBackend {
  status: TranscriptionStatusResponse;
  incomplete: Transcription[];
  transcriptions: Map<number, Transcription>;
  /** The id the next save of a new transcription gets. */
  nextId: number;
  requests: RecordedRequest[];
  /** The signed-in user's own words for the recogniser. */
  myWords: string[];
}

export function createLiveTranscriptionBackend(): LiveTranscriptionBackend {
  return {
    status: makeStatus(false),
    incomplete: [],
    transcriptions: new Map(),
    nextId: 90,
    requests: [],
    myWords: [],
  };
}

export function resetLiveTranscriptionBackend(backend: LiveTranscriptionBackend): void {
  Object.assign(backend, createLiveTranscriptionBackend());
}

/** What the screen sent to one call (method and path, query excluded), oldest first. */
export function requestsTo(
  backend: LiveTranscriptionBackend,
  method: string,
  path: string,
): RecordedRequest[] {
  return backend.requests.filter((request) => request.method === method && request.path === path);
}

async function record(backend: LiveTranscriptionBackend, request: Request): Promise<unknown> {
  const text = request.method === 'GET' ? '' : await request.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  backend.requests.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

export function liveTranscriptionHandlers(backend: LiveTranscriptionBackend) {
  return [
    http.get(apiUrl('/api/patients/:id'), async ({ request, params }) => {
      await record(backend, request);
      return Number(params.id) === LIVE_PATIENT.ID_Patient
        ? HttpResponse.json(LIVE_PATIENT)
        : transcriptionApiError(404, 'Patient not found');
    }),
    http.get(apiUrl('/api/transcription/types'), async ({ request }) => {
      await record(backend, request);
      return HttpResponse.json({ success: true, transcription_types: TRANSCRIPTION_TYPES });
    }),
    http.get(apiUrl('/api/transcription/status'), async ({ request }) => {
      await record(backend, request);
      return HttpResponse.json(backend.status);
    }),
    http.get(apiUrl('/api/transcription/patient/:id/incomplete'), async ({ request }) => {
      await record(backend, request);
      return HttpResponse.json({ success: true, transcriptions: backend.incomplete });
    }),
    http.get(apiUrl('/api/transcription/download'), async ({ request }) => {
      await record(backend, request);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'Content-Disposition': 'attachment; filename="Example_Alex_transcription.docx"',
        },
      });
    }),
    http.get(apiUrl('/api/transcription/my-words'), async ({ request }) => {
      await record(backend, request);
      return HttpResponse.json({ success: true, words: backend.myWords });
    }),
    http.put(apiUrl('/api/transcription/my-words'), async ({ request }) => {
      const body = (await record(backend, request)) as { words: string[] };
      backend.myWords = body.words.map((word) => word.trim()).filter(Boolean);
      return HttpResponse.json({ success: true, words: backend.myWords });
    }),
    http.get(apiUrl('/api/transcription/:id'), async ({ request, params }) => {
      await record(backend, request);
      const transcription = backend.transcriptions.get(Number(params.id));
      return transcription
        ? HttpResponse.json({ success: true, transcription })
        : transcriptionApiError(404, 'Transcription not found');
    }),
    http.post(apiUrl('/api/transcription/save'), async ({ request }) => {
      const body = (await record(backend, request)) as SaveTranscriptionRequest;
      const id = body.transcription_id ?? backend.nextId++;
      return HttpResponse.json({
        success: true,
        transcription_id: id,
        message: 'Transcription saved successfully',
      });
    }),
    http.post(apiUrl('/api/bedrock/:call'), async ({ request, params }) => {
      const body = (await record(backend, request)) as SummarizeRequest;
      if (!backend.status.formatting.available)
        return transcriptionApiError(503, 'AI formatting is not configured');
      return HttpResponse.json({
        success: true,
        consultation_type: String(params.call).replace('summarize-', ''),
        result: { ...MEDICOLEGAL_RESULT, transcript: body.text },
        model_info: backend.status.formatting.model_info,
      });
    }),
    http.post(apiUrl('/api/transcription/complete-llm'), async ({ request }) => {
      const body = (await record(backend, request)) as CompleteTranscriptionRequest;
      const id = body.transcription_id ?? backend.nextId++;
      return HttpResponse.json({
        success: true,
        s3_link: `patients/101/transcriptions/transcription_${id}.docx`,
        filename: 'Example_Alex_transcription.docx',
        error: null,
        transcription_id: id,
      });
    }),
  ];
}
