import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDate, IsoDateTime, LiteralUnion, Nullable, StoredText } from './fieldSchemas.js';
import { JobSchema } from './jobs.js';
import {
  CHRONOLOGY_DESCRIBERS,
  CHRONOLOGY_EVENT_KINDS,
  CHRONOLOGY_STATES,
  CHRONOLOGY_TEXT_FILTER_MAX_LENGTH,
  CHUNK_SOURCES,
  DATE_PRECISIONS,
  EVENT_RELATIONS,
  MAX_ID,
} from './limits.js';
import { ModelInfoSchema } from './recordQuestions.js';

/**
 * The medical chronology of a patient: every dated clinical event found in the indexed pages of their records, in
 * date order, each with every place it is stated (file, page, bundle page, text layer or OCR). Built by a background
 * job the user starts; marked out of date when the patient's documents change. Scoped like every patient-data call
 * (the patient-scoped tools: full-access patients and administrators, with the documents feature).
 */

/** One place an event is stated: a page of one of the patient's documents (a citation the page view opens). */
export const ChronologyPlaceSchema = Type.Object({
  filename: Type.String(),
  s3_key: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  /** The page's number in the patient's current record bundle; null without one. */
  bundle_page: Nullable(Type.Integer()),
  /** The indexed passage that states it, highlighted in the page view. */
  chunk_id: Nullable(Type.Integer()),
  source: LiteralUnion(CHUNK_SOURCES),
  ocr_confidence: Nullable(Type.Number()),
});
export type ChronologyPlace = Static<typeof ChronologyPlaceSchema>;

export const ChronologyEventSchema = Type.Object({
  id: Type.Integer(),
  /** The first day of what the date names: 2023-04-03 for a day, 2023-04-01 for "April 2023", 2023-01-01 for "2023". */
  date: IsoDate(),
  precision: LiteralUnion(DATE_PRECISIONS),
  /** The date as the record writes it, e.g. "3rd April 2023" or "03/04/23". */
  date_text: Type.String(),
  kind: LiteralUnion(CHRONOLOGY_EVENT_KINDS),
  /** The sentence or passage that states the event, as the record has it. */
  passage: Type.String(),
  /** A one-line summary written by the language model; null without one. */
  summary: Nullable(Type.String()),
  /**
   * False when the summary names dates, numbers or terms its passage does not contain: the screen flags it "not
   * found in the passage" and shows the passage instead. Null without a summary.
   */
  summary_supported: Nullable(Type.Boolean()),
  /** The clinician or provider the passage names (by the model, or by rules from titles such as "Dr", "Mr"). */
  clinician: Nullable(Type.String()),
  /** Against the patient's Date of Event; null when the patient has none. */
  relation: Nullable(LiteralUnion(EVENT_RELATIONS)),
  /** Every place the event is stated, the first in bundle order first (copies of one letter are one event). */
  places: Type.Array(ChronologyPlaceSchema, { minItems: 1 }),
});
export type ChronologyEvent = Static<typeof ChronologyEventSchema>;

export const ChronologyResponseSchema = Type.Object({
  state: LiteralUnion(CHRONOLOGY_STATES),
  /** When the chronology shown was built; null before the first. */
  built_at: Nullable(IsoDateTime()),
  /** True when documents were added, removed or re-indexed after it was built. */
  out_of_date: Type.Boolean(),
  /** The build in progress, or the last one (for its progress and error). */
  job: Nullable(JobSchema),
  /** Who described the events (kind, summary, clinician) in the chronology shown. */
  described_by: Nullable(LiteralUnion(CHRONOLOGY_DESCRIBERS)),
  model_info: Nullable(ModelInfoSchema),
  /** The patient's Date of Event (the dividing line), or null. */
  date_of_event: Nullable(IsoDate()),
  /** Events of the chronology before filtering, and the years and kinds present, for the filters. */
  total_events: Type.Integer(),
  years: Type.Array(Type.Integer()),
  kinds: Type.Array(LiteralUnion(CHRONOLOGY_EVENT_KINDS)),
  /** The events that pass the filters, in date order. */
  events: Type.Array(ChronologyEventSchema),
});
export type ChronologyResponse = Static<typeof ChronologyResponseSchema>;

/** Filters of the chronology and its export: a date range (inclusive), kinds, and text in the passage or summary. */
export const ChronologyFilterSchema = Type.Object({
  from: Type.Optional(IsoDate({ errorMessage: 'From must be a date' })),
  to: Type.Optional(IsoDate({ errorMessage: 'To must be a date' })),
  /** Comma-separated kinds. */
  kind: Type.Optional(StoredText(400)),
  q: Type.Optional(StoredText(CHRONOLOGY_TEXT_FILTER_MAX_LENGTH)),
});
export type ChronologyFilter = Static<typeof ChronologyFilterSchema>;

export const BuildChronologyResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  job_id: Type.Integer(),
});
export type BuildChronologyResponse = Static<typeof BuildChronologyResponseSchema>;

const PatientIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

export const chronologyCalls = {
  getChronology: defineCall({
    method: 'GET',
    url: '/api/patients/:id/chronology',
    schema: {
      params: PatientIdParams,
      querystring: ChronologyFilterSchema,
      response: { 200: ChronologyResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Builds (or rebuilds) the chronology as a background job; one at a time per patient (409 while one runs). */
  buildChronology: defineCall({
    method: 'POST',
    url: '/api/patients/:id/chronology/build',
    schema: { params: PatientIdParams, response: { 202: BuildChronologyResponseSchema, ...ERROR_RESPONSES } },
  }),
  /**
   * The filtered chronology as a Word document: a table of date, event, kind, clinician and source, named
   * `<FirstName>_<Surname>_chronology_<YYYY-MM-DD>.docx` (Content-Disposition); errors answer JSON.
   */
  exportChronology: defineCall({
    method: 'GET',
    url: '/api/patients/:id/chronology/export',
    schema: {
      params: PatientIdParams,
      querystring: ChronologyFilterSchema,
      response: { ...ERROR_RESPONSES },
    },
  }),
} as const;
