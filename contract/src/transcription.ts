import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { StorageKeySchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import {
  IsoDateTime,
  LiteralUnion,
  NameText,
  Nullable,
  OptionalText,
  RequiredText,
  StoredText,
} from './fieldSchemas.js';
import {
  CONSULTATION_TYPES,
  MAX_ID,
  MY_WORD_MAX_LENGTH,
  MY_WORDS_MAX,
  TRANSCRIPTION_MAX_SAMPLE_RATE_HZ,
  TRANSCRIPTION_MIN_SAMPLE_RATE_HZ,
  TRANSCRIPTION_SOURCES,
  TRANSCRIPTION_STATUSES,
  TRANSCRIPTION_TEXT_MAX_LENGTH,
} from './limits.js';
import { MessageResponseSchema } from './prompts.js';
import { ModelInfoSchema } from './recordQuestions.js';

/**
 * Transcription (TRN-02, TRN-06, TRN-07, TRN-01, TRN-04): live dictation
 * streamed over socket.io and recognised on the server, audio files transcribed as background jobs, AI formatting
 * into the three clinical shapes, the Word document, and the patient's saved transcriptions. Needs the user feature
 * 'transcription' and full access to the patient (an Administrator has both); another group's patient is not found.
 * Audio never leaves the server unless an OpenAI-compatible speech endpoint is configured.
 */

const Id = (errorMessage: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage });
const NAME_MAX_LENGTH = 300;

export const TranscriptionTypeSchema = Type.Object({
  ID_transcription: Type.Integer(),
  text_transcription_type: Type.String(),
  description: Nullable(Type.String()),
});
export type TranscriptionType = Static<typeof TranscriptionTypeSchema>;
export const TranscriptionTypesResponseSchema = Type.Object({
  success: Type.Boolean(),
  transcription_types: Type.Array(TranscriptionTypeSchema),
});
export type TranscriptionTypesResponse = Static<typeof TranscriptionTypesResponseSchema>;

/** A saved transcription (TRN-01). Complete once its Word document is stored (`S3_Link`), else Incomplete. */
export const TranscriptionSchema = Type.Object({
  ID_Transcription: Type.Integer(),
  Transcription: Type.String(),
  DateOfTranscription: IsoDateTime(),
  /** The type's text, null when it has none (the tables show 'Standard'). */
  text_transcription_type: Nullable(Type.String()),
  /** The type's id. */
  transcriptionType: Nullable(Type.Integer()),
  /** The full name of the user who made it. */
  CreatedBy: Nullable(Type.String()),
  Status: LiteralUnion(TRANSCRIPTION_STATUSES),
  /** The stored Word document's key (for the download call), null until completed. */
  S3_Link: Nullable(Type.String()),
  /** The Word document's file name, null until completed. */
  filename: Nullable(Type.String()),
  patient_id: Type.Integer(),
  source: LiteralUnion(TRANSCRIPTION_SOURCES),
  updated_at: IsoDateTime(),
  /** An uploaded recording's length in seconds; null for live dictation (its screen counts its own time). */
  duration_seconds: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  /** How many stretches of speech an uploaded recording was recognised as; null for live dictation. */
  segment_count: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
});
export type Transcription = Static<typeof TranscriptionSchema>;
export const TranscriptionsResponseSchema = Type.Object({
  success: Type.Boolean(),
  transcriptions: Type.Array(TranscriptionSchema),
});
export type TranscriptionsResponse = Static<typeof TranscriptionsResponseSchema>;
export const TranscriptionResponseSchema = Type.Object({
  success: Type.Boolean(),
  transcription: TranscriptionSchema,
});
export type TranscriptionResponse = Static<typeof TranscriptionResponseSchema>;

/** What can be done here: the recogniser and AI formatting, each with the reason when it cannot. */
export const TranscriptionStatusResponseSchema = Type.Object({
  speech: Type.Object({
    available: Type.Boolean(),
    /** The recogniser, e.g. "pocketsphinx (offline, on this server)". */
    name: Type.String(),
    message: Type.String(),
    /** The command that installs the recogniser when it is missing. */
    install_command: Nullable(Type.String()),
    /** False when audio is sent to a configured speech endpoint rather than recognised on this server. */
    on_server: Type.Boolean(),
    /** Uploaded audio files can be read (ffmpeg is installed); live dictation does not need it. */
    reads_files: Type.Boolean(),
  }),
  formatting: Type.Object({
    available: Type.Boolean(),
    message: Type.String(),
    model_info: Nullable(ModelInfoSchema),
  }),
});
export type TranscriptionStatusResponse = Static<typeof TranscriptionStatusResponseSchema>;

const TranscriptText = (errorMessage: string) =>
  RequiredText(TRANSCRIPTION_TEXT_MAX_LENGTH, { errorMessage });

export const SaveTranscriptionRequestSchema = Type.Object(
  {
    patient_id: Id('No patient selected'),
    transcription_text: TranscriptText('No transcription to save'),
    transcription_type_id: Id('Please select a transcription type'),
    is_complete: Type.Boolean(),
    /** Saves over this transcription (a continued or auto-saved draft) instead of adding one. */
    transcription_id: Type.Optional(Nullable(Id('Invalid transcription id'))),
    /**
     * The stored text the editor's text was based on (as loaded, saved, and grown by the finals it heard). With it
     * a save over a draft merges instead of replacing: finals the server appended after that text are kept after
     * the edited text (mergeEditedText); a draft changed in any other way meanwhile is refused (409).
     */
    based_on_text: Type.Optional(StoredText(TRANSCRIPTION_TEXT_MAX_LENGTH)),
  },
  { errorMessage: { required: 'No transcription to save' } },
);
export type SaveTranscriptionRequest = Static<typeof SaveTranscriptionRequestSchema>;
export const SaveTranscriptionResponseSchema = Type.Object({
  success: Type.Boolean(),
  transcription_id: Type.Integer(),
  message: Type.String(),
});
export type SaveTranscriptionResponse = Static<typeof SaveTranscriptionResponseSchema>;

export const SummarizeRequestSchema = Type.Object(
  {
    text: TranscriptText('No transcription to process'),
    patient_name: OptionalText(NAME_MAX_LENGTH),
    user_name: OptionalText(NAME_MAX_LENGTH),
  },
  { errorMessage: { required: 'No transcription to process' } },
);
export type SummarizeRequest = Static<typeof SummarizeRequestSchema>;

const Section = Type.String();
export const OutpatientResultSchema = Type.Object({
  diagnosis: Section,
  summaryOfConsultation: Section,
  medicalHistory: Section,
  medicationsAndAllergies: Section,
  plan: Section,
});
export type OutpatientResult = Static<typeof OutpatientResultSchema>;
export const OpinionResultSchema = Type.Object({ formattedOpinion: Section });
export type OpinionResult = Static<typeof OpinionResultSchema>;
export const MedicolegalResultSchema = Type.Object({
  summary: Section,
  keyPoints: Type.Array(Type.String()),
  transcript: Section,
  contextualSections: Type.Record(Type.String(), Type.String()),
});
export type MedicolegalResult = Static<typeof MedicolegalResultSchema>;
export const ProcessedResultSchema = Type.Union([
  OutpatientResultSchema,
  OpinionResultSchema,
  MedicolegalResultSchema,
]);
export type ProcessedResult = Static<typeof ProcessedResultSchema>;

const summarizeResponse = <T extends (typeof ProcessedResultSchema.anyOf)[number]>(result: T) =>
  Type.Object({
    success: Type.Boolean(),
    consultation_type: LiteralUnion(CONSULTATION_TYPES),
    result,
    /** The model that formatted it, as the endpoint reported it. */
    model_info: ModelInfoSchema,
  });
export const SummarizeOutpatientResponseSchema = summarizeResponse(OutpatientResultSchema);
export type SummarizeOutpatientResponse = Static<typeof SummarizeOutpatientResponseSchema>;
export const SummarizeMedicolegalResponseSchema = summarizeResponse(MedicolegalResultSchema);
export type SummarizeMedicolegalResponse = Static<typeof SummarizeMedicolegalResponseSchema>;
export const SummarizeOpinionResponseSchema = summarizeResponse(OpinionResultSchema);
export type SummarizeOpinionResponse = Static<typeof SummarizeOpinionResponseSchema>;
export type SummarizeResponse =
  SummarizeOutpatientResponse | SummarizeMedicolegalResponse | SummarizeOpinionResponse;

export const CompleteTranscriptionRequestSchema = Type.Object(
  {
    /** The saved draft this completes; without one a new transcription is stored. */
    transcription_id: Type.Optional(Nullable(Id('Invalid transcription id'))),
    patient_id: Id('No patient selected'),
    transcription_text: TranscriptText('No transcription to save'),
    transcription_type_id: Id('Please select a transcription type'),
    consultation_type: LiteralUnion(CONSULTATION_TYPES),
    /** The AI-formatted result to write; null writes the transcript as it stands. */
    llm_response: Nullable(ProcessedResultSchema),
    /** The model_info.label of the summarize answer, named in the document; null without one. */
    llm_model: Type.Optional(Nullable(StoredText(NAME_MAX_LENGTH))),
  },
  { errorMessage: { required: 'No transcription to save' } },
);
export type CompleteTranscriptionRequest = Static<typeof CompleteTranscriptionRequestSchema>;
export const CompleteTranscriptionResponseSchema = Type.Object({
  success: Type.Boolean(),
  s3_link: Nullable(Type.String()),
  filename: Nullable(Type.String()),
  error: Nullable(Type.String()),
  transcription_id: Type.Integer(),
});
export type CompleteTranscriptionResponse = Static<typeof CompleteTranscriptionResponseSchema>;

/** The upload's answer: recognition continues as a background job in the patient's job list. */
export const AudioUploadResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  redirect_to: Type.String(),
  error: Nullable(Type.String()),
  job_id: Type.Integer(),
});
export type AudioUploadResponse = Static<typeof AudioUploadResponseSchema>;

/**
 * The user's own words the recogniser should know (drug names, local hospitals, surgeons' names), added to its
 * vocabulary for their dictation only. Not in the spec: its own call.
 */
export const MyWordsSchema = Type.Object(
  {
    words: Type.Array(
      NameText(MY_WORD_MAX_LENGTH, {
        errorMessage: `Each word or name must be one line of at most ${MY_WORD_MAX_LENGTH} characters`,
      }),
      { maxItems: MY_WORDS_MAX, errorMessage: `At most ${MY_WORDS_MAX} words` },
    ),
  },
  { errorMessage: { required: 'No words to save' } },
);
export type MyWords = Static<typeof MyWordsSchema>;
export const MyWordsResponseSchema = Type.Object({
  success: Type.Boolean(),
  words: Type.Array(Type.String()),
});
export type MyWordsResponse = Static<typeof MyWordsResponseSchema>;

/**
 * The words of the user's group for the recogniser (its hospitals, surgeons, usual drugs): every member's dictation
 * knows them beside their own words; its group administrators (and administrators) keep the list.
 */
export const GroupWordsResponseSchema = Type.Object({
  success: Type.Boolean(),
  words: Type.Array(Type.String()),
  /** The group the list belongs to; null for a user in no group (who has no group list). */
  group_name: Nullable(Type.String()),
  /** Whether the signed-in user may change the list. */
  can_edit: Type.Boolean(),
});
export type GroupWordsResponse = Static<typeof GroupWordsResponseSchema>;

const TranscriptionIdParams = Type.Object({ id: Id('Invalid transcription id') });
const PatientIdParams = Type.Object({ id: Id('Invalid patient id') });
export const TranscriptionDownloadQuerySchema = Type.Object({ s3Link: StorageKeySchema });
export type TranscriptionDownloadQuery = Static<typeof TranscriptionDownloadQuerySchema>;

export const transcriptionCalls = {
  getTranscriptionTypes: defineCall({
    method: 'GET',
    url: '/api/transcription/types',
    schema: { response: { 200: TranscriptionTypesResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Not in the spec's list: what the screens need to say honestly what works here. */
  getTranscriptionStatus: defineCall({
    method: 'GET',
    url: '/api/transcription/status',
    schema: { response: { 200: TranscriptionStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  listIncompleteTranscriptions: defineCall({
    method: 'GET',
    url: '/api/transcription/patient/:id/incomplete',
    schema: { params: PatientIdParams, response: { 200: TranscriptionsResponseSchema, ...ERROR_RESPONSES } },
  }),
  listTranscriptions: defineCall({
    method: 'GET',
    url: '/api/transcription/patient/:id/list',
    schema: { params: PatientIdParams, response: { 200: TranscriptionsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The Word document by its stored key (a file; errors answer JSON). */
  downloadTranscriptionByLink: defineCall({
    method: 'GET',
    url: '/api/transcription/download',
    schema: { querystring: TranscriptionDownloadQuerySchema, response: { ...ERROR_RESPONSES } },
  }),
  /** A transcription without a stored document, written as Word from its text as it stands (a file). */
  downloadTranscription: defineCall({
    method: 'GET',
    url: '/api/transcription/download/:id',
    schema: { params: TranscriptionIdParams, response: { ...ERROR_RESPONSES } },
  }),
  getTranscription: defineCall({
    method: 'GET',
    url: '/api/transcription/:id',
    schema: {
      params: TranscriptionIdParams,
      response: { 200: TranscriptionResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  saveTranscription: defineCall({
    method: 'POST',
    url: '/api/transcription/save',
    schema: {
      body: SaveTranscriptionRequestSchema,
      response: { 200: SaveTranscriptionResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** 503 "AI formatting is not configured" without a model; 502 when the model fails. */
  summarizeOutpatient: defineCall({
    method: 'POST',
    url: '/api/bedrock/summarize-outpatient',
    schema: {
      body: SummarizeRequestSchema,
      response: { 200: SummarizeOutpatientResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  summarizeMedicolegal: defineCall({
    method: 'POST',
    url: '/api/bedrock/summarize-medicolegal',
    schema: {
      body: SummarizeRequestSchema,
      response: { 200: SummarizeMedicolegalResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  summarizeOpinion: defineCall({
    method: 'POST',
    url: '/api/bedrock/summarize-opinion',
    schema: {
      body: SummarizeRequestSchema,
      response: { 200: SummarizeOpinionResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Writes the Word document (formatted, or the transcript as it stands) and marks the transcription Complete. */
  completeTranscription: defineCall({
    method: 'POST',
    url: '/api/transcription/complete-llm',
    schema: {
      body: CompleteTranscriptionRequestSchema,
      response: { 200: CompleteTranscriptionResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** multipart/form-data: patient_id, transcription_type_id, then audio_file; answers 202 with the job. */
  uploadAudio: defineCall({
    method: 'POST',
    url: '/api/transcription/upload-audio',
    schema: { response: { 202: AudioUploadResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The signed-in user's own words for the recogniser. */
  getMyWords: defineCall({
    method: 'GET',
    url: '/api/transcription/my-words',
    schema: { response: { 200: MyWordsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Replaces the signed-in user's own words; answers them as stored (trimmed, without repeats). */
  saveMyWords: defineCall({
    method: 'PUT',
    url: '/api/transcription/my-words',
    schema: { body: MyWordsSchema, response: { 200: MyWordsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The words of the signed-in user's group for the recogniser, and whether they may change them. */
  getGroupWords: defineCall({
    method: 'GET',
    url: '/api/transcription/group-words',
    schema: { response: { 200: GroupWordsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Replaces the group's words (its group administrators and administrators only); answers them as stored. */
  saveGroupWords: defineCall({
    method: 'PUT',
    url: '/api/transcription/group-words',
    schema: { body: MyWordsSchema, response: { 200: GroupWordsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Deletes the transcription and its stored document. */
  deleteTranscription: defineCall({
    method: 'DELETE',
    url: '/api/transcription/:id',
    schema: { params: TranscriptionIdParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
} as const;

// ---- socket.io events (TRANSCRIPTION_EVENTS): the payloads both sides check ----

export const StartTranscriptionPayloadSchema = Type.Object({
  sampleRate: Type.Integer({
    minimum: TRANSCRIPTION_MIN_SAMPLE_RATE_HZ,
    maximum: TRANSCRIPTION_MAX_SAMPLE_RATE_HZ,
  }),
  patient_id: Id('No patient selected'),
  transcription_type_id: Id('Please select a transcription type first'),
  /** Continue this saved draft: its finals are appended to it. Without one the server starts a new draft. */
  transcription_id: Type.Optional(Nullable(Id('Invalid transcription id'))),
});
export type StartTranscriptionPayload = Static<typeof StartTranscriptionPayloadSchema>;

export const TranscriptionStartedPayloadSchema = Type.Object({
  /** The draft every final segment is stored in as it is recognised. */
  transcription_id: Type.Integer(),
  /** The recogniser, as the status call names it. */
  recognizer: Type.String(),
  /** The rate the server resamples this stream to. */
  recognizer_sample_rate: Type.Integer(),
});
export type TranscriptionStartedPayload = Static<typeof TranscriptionStartedPayloadSchema>;

/** A recognised piece of speech: partials replace the live line, finals are appended as segments. */
export const TranscriptionPayloadSchema = Type.Object({
  transcript: Type.String(),
  isPartial: Type.Boolean(),
  /** 0–1; null when the recogniser gives none. */
  confidence: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  timestamp: IsoDateTime(),
});
export type TranscriptionPayload = Static<typeof TranscriptionPayloadSchema>;

export const TranscriptionStoppedPayloadSchema = Type.Object({ transcription_id: Nullable(Type.Integer()) });
export type TranscriptionStoppedPayload = Static<typeof TranscriptionStoppedPayloadSchema>;

export const TranscriptionErrorPayloadSchema = Type.Object({
  error: Type.String(),
  /** When the recogniser is not installed: the command that installs it. */
  install_command: Type.Optional(Nullable(Type.String())),
});
export type TranscriptionErrorPayload = Static<typeof TranscriptionErrorPayloadSchema>;
