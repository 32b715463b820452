// Test data and MSW handlers for the Live Transcription screen (TRN-08): one backend object holds
// what the server would and records what the screen sent; tests change it, or override one call with `server.use`.
import type { MedicolegalResult, Transcription, TranscriptionStatusResponse } from '@ewrt/contract';
import type { ConsultationType } from '@ewrt/contract/limits';
import type { Patient } from '@ewrt/shared';
import { answerCall, HttpResponse, makePatient, type CallReceived } from '@ewrt/shared/testing';
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
  /** Their group's words, and whether they may change them. */
  groupWords: { words: string[]; canEdit: boolean };
}

export function createLiveTranscriptionBackend(): LiveTranscriptionBackend {
  return {
    status: makeStatus(false),
    incomplete: [],
    transcriptions: new Map(),
    nextId: 90,
    requests: [],
    myWords: [],
    groupWords: { words: [], canEdit: false },
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

function record(
  backend: LiveTranscriptionBackend,
  { request, body }: { request: Request; body: unknown },
): void {
  backend.requests.push({ method: request.method, path: new URL(request.url).pathname, body: body ?? null });
}

/** The summarising calls, one per consultation kind. */
const SUMMARIZE_CALLS = [
  ['summarizeOutpatient', 'outpatient'],
  ['summarizeMedicolegal', 'medicolegal'],
  ['summarizeOpinion', 'opinion'],
] as const;
type SummarizeCall = (typeof SUMMARIZE_CALLS)[number][0];

/** Answers the three summarising calls alike, telling the answer which kind was asked for. */
export function answerSummaries(
  answer: (call: CallReceived<SummarizeCall>, consultationType: ConsultationType) => Response,
) {
  return SUMMARIZE_CALLS.map(([name, consultationType]) =>
    answerCall(name, (call) => answer(call, consultationType)),
  );
}

export function liveTranscriptionHandlers(backend: LiveTranscriptionBackend) {
  return [
    answerCall('getPatient', (call) => {
      record(backend, call);
      return Number(call.params.id) === LIVE_PATIENT.ID_Patient
        ? LIVE_PATIENT
        : transcriptionApiError(404, 'Patient not found');
    }),
    answerCall('getTranscriptionTypes', (call) => {
      record(backend, call);
      return { success: true, transcription_types: TRANSCRIPTION_TYPES };
    }),
    answerCall('getTranscriptionStatus', (call) => {
      record(backend, call);
      return backend.status;
    }),
    answerCall('listIncompleteTranscriptions', (call) => {
      record(backend, call);
      return { success: true, transcriptions: backend.incomplete };
    }),
    answerCall('downloadTranscriptionByLink', (call) => {
      record(backend, call);
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'Content-Disposition': 'attachment; filename="Example_Alex_transcription.docx"',
        },
      });
    }),
    answerCall('getMyWords', (call) => {
      record(backend, call);
      return { success: true, words: backend.myWords };
    }),
    answerCall('saveMyWords', (call) => {
      record(backend, call);
      backend.myWords = call.body.words.map((word) => word.trim()).filter(Boolean);
      return { success: true, words: backend.myWords };
    }),
    answerCall('getGroupWords', (call) => {
      record(backend, call);
      const { words, canEdit } = backend.groupWords;
      return { success: true, words, group_name: 'Northgate Medico-Legal', can_edit: canEdit };
    }),
    answerCall('saveGroupWords', (call) => {
      record(backend, call);
      if (!backend.groupWords.canEdit)
        return HttpResponse.json(
          { success: false, message: "Only your group's administrators can change its list of words" },
          { status: 403 },
        );
      backend.groupWords.words = call.body.words.map((word) => word.trim()).filter(Boolean);
      return {
        success: true,
        words: backend.groupWords.words,
        group_name: 'Northgate Medico-Legal',
        can_edit: true,
      };
    }),
    answerCall('getTranscription', (call) => {
      record(backend, call);
      const transcription = backend.transcriptions.get(Number(call.params.id));
      return transcription
        ? { success: true, transcription }
        : transcriptionApiError(404, 'Transcription not found');
    }),
    answerCall('saveTranscription', (call) => {
      record(backend, call);
      const id = call.body.transcription_id ?? backend.nextId++;
      return {
        success: true,
        transcription_id: id,
        message: 'Transcription saved successfully',
      };
    }),
    // Every kind is answered with the medicolegal result: the screen shows whichever it gets.
    ...answerSummaries((call, consultationType) => {
      record(backend, call);
      if (!backend.status.formatting.available)
        return transcriptionApiError(503, 'AI formatting is not configured');
      return HttpResponse.json({
        success: true,
        consultation_type: consultationType,
        result: { ...MEDICOLEGAL_RESULT, transcript: call.body.text },
        model_info: backend.status.formatting.model_info,
      });
    }),
    answerCall('completeTranscription', (call) => {
      record(backend, call);
      const id = call.body.transcription_id ?? backend.nextId++;
      return {
        success: true,
        s3_link: `patients/101/transcriptions/transcription_${id}.docx`,
        filename: 'Example_Alex_transcription.docx',
        error: null,
        transcription_id: id,
      };
    }),
  ];
}
