import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { StorageKeySchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable, OptionalIsoDate, RequiredText } from './fieldSchemas.js';
import { PatientSchema } from './patients.js';
import {
  CHUNK_SOURCES,
  CONVERSATION_ENTRY_TYPES,
  MAX_ID,
  MODEL_MODES,
  QUERY_DEFAULT_K,
  QUERY_MAX_K,
  QUERY_MAX_LENGTH,
} from './limits.js';

/**
 * Questions about a patient's records (QRY-03) and, with the same shapes, about a user's
 * own opinion documents. An answer cites numbered sources; each source is one indexed passage of one page.
 */

/** Where one cited passage is (QRY-02: location_details with files, pages and content_preview). */
export const LocationDetailsSchema = Type.Object({
  files: Type.Array(Type.String()),
  pages: Type.Array(Type.Integer()),
  /** The page numbers of the patient's current record bundle, when one exists (else empty). */
  bundle_pages: Type.Array(Type.Integer()),
  content_preview: Type.String(),
});
export type LocationDetails = Static<typeof LocationDetailsSchema>;

/** One numbered source of an answer: the passage `[n]` in the answer refers to. */
export const SourceLocationSchema = Type.Object({
  /** The number the answer cites it by: `[1]`, `[2]`… */
  source_number: Type.Integer({ minimum: 1 }),
  filename: Type.String(),
  /** The document's key, for the page view and the download of the original. */
  s3_key: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  /** The page's number in the patient's current record bundle; null without a bundle (and for opinions). */
  bundle_page: Nullable(Type.Integer()),
  /** The indexed passage (document_chunks.id), highlighted in the page view. */
  chunk_id: Type.Integer(),
  /** 'text' for a text layer, 'ocr' for a page read by OCR (then `ocr_confidence`, 0–100). */
  source: LiteralUnion(CHUNK_SOURCES),
  ocr_confidence: Nullable(Type.Number()),
  /** How well the passage matched the question (higher is better; comparable within one answer only). */
  score: Type.Number(),
  location_details: LocationDetailsSchema,
});
export type SourceLocation = Static<typeof SourceLocationSchema>;

/**
 * One sentence of the answer with the sources it cites. `supported` is false when no cited passage shares the
 * sentence's key terms, numbers or dates: the screen flags it "not found in the cited pages".
 */
export const AnswerSentenceSchema = Type.Object({
  text: Type.String(),
  /** Source numbers cited by this sentence (empty: a sentence that cites nothing). */
  sources: Type.Array(Type.Integer()),
  supported: Type.Boolean(),
});
export type AnswerSentence = Static<typeof AnswerSentenceSchema>;

/** What answered: the model the server used, or retrieval alone when no language model is configured. */
export const ModelInfoSchema = Type.Object({
  mode: LiteralUnion(MODEL_MODES),
  /** The model's name as the endpoint reported it (null in retrieval-only mode). */
  model: Nullable(Type.String()),
  /** The endpoint's host, never its key (null in retrieval-only mode). */
  provider: Nullable(Type.String()),
  /** What the screen shows, e.g. "gpt-4o-mini (api.openai.com)" or "No language model configured: retrieval only". */
  label: Type.String(),
});
export type ModelInfo = Static<typeof ModelInfoSchema>;

/** POST …/query's answer (QRY-02, Query response) plus the checkable sentences and the stored entries. */
export const QueryResponseSchema = Type.Object({
  response: Type.String(),
  timestamp: IsoDateTime(),
  model_info: ModelInfoSchema,
  /** How many documents the cited passages come from. */
  context_documents: Type.Integer(),
  source_locations: Type.Array(SourceLocationSchema),
  /** e.g. "5 passages from 2 documents: mri.pdf (pages 2, 3); letter.docx (page 1)". */
  location_summary: Type.String(),
  sentences: Type.Array(AnswerSentenceSchema),
  /** True when an identical question over the unchanged index was answered from the cache. */
  from_cache: Type.Boolean(),
  /** The question and the answer as they were stored in the conversation. */
  question_entry_id: Type.Integer(),
  answer_entry_id: Type.Integer(),
});
export type QueryResponse = Static<typeof QueryResponseSchema>;

/** An assistant entry's metadata (QRY-02, Conversation entry). */
export const ConversationMetadataSchema = Type.Object({
  model_info: ModelInfoSchema,
  context_documents_count: Type.Integer(),
  source_locations: Type.Array(SourceLocationSchema),
  location_summary: Type.String(),
  sentences: Type.Array(AnswerSentenceSchema),
  from_cache: Type.Boolean(),
});
export type ConversationMetadata = Static<typeof ConversationMetadataSchema>;

export const ConversationEntrySchema = Type.Object({
  id: Type.Integer(),
  type: LiteralUnion(CONVERSATION_ENTRY_TYPES),
  content: Type.String(),
  timestamp: IsoDateTime(),
  /** Assistant entries only. */
  metadata: Nullable(ConversationMetadataSchema),
});
export type ConversationEntry = Static<typeof ConversationEntrySchema>;

export const ConversationResponseSchema = Type.Object({ entries: Type.Array(ConversationEntrySchema) });
export type ConversationResponse = Static<typeof ConversationResponseSchema>;

export const QueryRequestSchema = Type.Object({
  query: RequiredText(QUERY_MAX_LENGTH, {
    title: 'Question',
    errorMessage: { required: 'Type a question', pattern: 'Type a question' },
  }),
  k: Type.Optional(Type.Integer({ minimum: 1, maximum: QUERY_MAX_K, default: QUERY_DEFAULT_K })),
  use_cache: Type.Optional(Type.Boolean({ default: true })),
});
export type QueryRequest = Static<typeof QueryRequestSchema>;

export const ClearConversationResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  entries_removed: Type.Integer(),
});
export type ClearConversationResponse = Static<typeof ClearConversationResponseSchema>;

export const SaveConversationRequestSchema = Type.Object({ include_queries: Type.Boolean() });
export type SaveConversationRequest = Static<typeof SaveConversationRequestSchema>;

/** The conversation was written as a dated text document of the records and is being indexed as a job. */
export const SaveConversationResponseSchema = Type.Object({
  success: Type.Boolean(),
  entries_saved: Type.Integer(),
  message: Type.String(),
  filename: Type.String(),
  job_id: Nullable(Type.Integer()),
});
export type SaveConversationResponse = Static<typeof SaveConversationResponseSchema>;

export const UpdateDateOfEventRequestSchema = Type.Object({
  DateofEvent: OptionalIsoDate({ title: 'Date of event' }),
});
export type UpdateDateOfEventRequest = Static<typeof UpdateDateOfEventRequestSchema>;
export const UpdateDateOfEventResponseSchema = Type.Object({
  patient: PatientSchema,
  message: Type.String(),
});
export type UpdateDateOfEventResponse = Static<typeof UpdateDateOfEventResponseSchema>;

/** One indexed passage of a page, by its offsets in the page's text. */
export const PagePassageSchema = Type.Object({
  chunk_id: Type.Integer(),
  start_offset: Type.Integer(),
  end_offset: Type.Integer(),
  source: LiteralUnion(CHUNK_SOURCES),
  ocr_confidence: Nullable(Type.Number()),
});
export type PagePassage = Static<typeof PagePassageSchema>;

/** A page's indexed text, for the citation view: the cited passage is highlighted by its offsets. */
export const DocumentPageResponseSchema = Type.Object({
  filename: Type.String(),
  s3_key: Type.String(),
  page: Type.Integer(),
  page_count: Nullable(Type.Integer()),
  bundle_page: Nullable(Type.Integer()),
  /** The page's text as indexed, rebuilt from its passages (empty for a page without text). */
  text: Type.String(),
  passages: Type.Array(PagePassageSchema),
});
export type DocumentPageResponse = Static<typeof DocumentPageResponseSchema>;

const PatientIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});
export const PageParamsSchema = Type.Object({
  s3_key: StorageKeySchema,
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: 'Invalid page number' }),
});

export const recordQuestionCalls = {
  /** The signed-in user's conversation about this patient (kept per user and patient), oldest first. */
  getConversation: defineCall({
    method: 'GET',
    url: '/api/patients/:id/conversation',
    schema: { params: PatientIdParams, response: { 200: ConversationResponseSchema, ...ERROR_RESPONSES } },
  }),
  query: defineCall({
    method: 'POST',
    url: '/api/patients/:id/query',
    schema: {
      params: PatientIdParams,
      body: QueryRequestSchema,
      response: { 200: QueryResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  clearConversation: defineCall({
    method: 'DELETE',
    url: '/api/patients/:id/conversation/clear',
    schema: {
      params: PatientIdParams,
      response: { 200: ClearConversationResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** A .docx (Content-Disposition names it by patient name and date); errors answer JSON. */
  exportConversation: defineCall({
    method: 'GET',
    url: '/api/patients/:id/conversation/export',
    schema: { params: PatientIdParams, response: { ...ERROR_RESPONSES } },
  }),
  saveConversationToVectors: defineCall({
    method: 'POST',
    url: '/api/patients/:id/conversation/save-to-vectors',
    schema: {
      params: PatientIdParams,
      body: SaveConversationRequestSchema,
      response: { 200: SaveConversationResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  updateDateOfEvent: defineCall({
    method: 'PUT',
    url: '/api/patients/:id/update-date-of-event',
    schema: {
      params: PatientIdParams,
      body: UpdateDateOfEventRequestSchema,
      response: { 200: UpdateDateOfEventResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** One page of one of the patient's documents as indexed (the citation view). */
  getDocumentPage: defineCall({
    method: 'GET',
    url: '/api/documents/patient/:patientId/pages/:s3_key/:page',
    schema: {
      params: Type.Object({ patientId: PatientIdParams.properties.id, ...PageParamsSchema.properties }),
      response: { 200: DocumentPageResponseSchema, ...ERROR_RESPONSES },
    },
  }),
};
