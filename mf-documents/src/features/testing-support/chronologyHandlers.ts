// Test data for the medical chronology calls.
import type {
  BuildChronologyResponse,
  ChronologyEvent,
  ChronologyPlace,
  ChronologyResponse,
} from '@ewrt/contract';
import { LANGUAGE_MODEL } from './conversationApiHandlers';

export const BUILD_STARTED: BuildChronologyResponse = {
  success: true,
  message: 'The chronology is being built in the background',
  job_id: 95,
};

/** Page 2 of mri.pdf (the page the conversation fixtures' makeDocumentPage gives), its passage chunk 501. */
export function makeChronologyPlace(overrides: Partial<ChronologyPlace> = {}): ChronologyPlace {
  return {
    filename: 'mri.pdf',
    s3_key: 'key_mri_report_000000001',
    page: 2,
    bundle_page: null,
    chunk_id: 501,
    source: 'text',
    ocr_confidence: null,
    ...overrides,
  };
}

/** The MRI of 14/03/2024, described by the rules (no summary). */
export function makeChronologyEvent(overrides: Partial<ChronologyEvent> = {}): ChronologyEvent {
  return {
    id: 1,
    date: '2024-03-14',
    precision: 'day',
    date_text: '14/03/2024',
    kind: 'imaging',
    passage: 'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.',
    summary: null,
    summary_supported: null,
    clinician: 'Dr Lee',
    relation: null,
    planned: false,
    alternative_date: null,
    places: [makeChronologyPlace()],
    ...overrides,
  };
}

/** A chronology of patient 101 built by the rules, with these events (unfiltered). */
export function makeChronology(
  events: readonly ChronologyEvent[] = [],
  overrides: Partial<ChronologyResponse> = {},
): ChronologyResponse {
  const years = [...new Set(events.map((event) => Number(event.date.slice(0, 4))))].sort();
  const kinds = [...new Set(events.map((event) => event.kind))];
  return {
    state: 'ready',
    built_at: '2026-01-07T09:00:00.000Z',
    out_of_date: false,
    job: null,
    described_by: 'rules',
    model_info: null,
    date_of_event: null,
    total_events: events.length,
    years,
    kinds,
    events: [...events],
    unread_dates: [],
    ...overrides,
  };
}

/** The chronology before its first build. */
export function makeUnbuiltChronology(overrides: Partial<ChronologyResponse> = {}): ChronologyResponse {
  return makeChronology([], { state: 'none', built_at: null, described_by: null, ...overrides });
}

/** The chronology described by a language model. */
export const DESCRIBED_BY_MODEL: Partial<ChronologyResponse> = {
  described_by: 'language-model',
  model_info: LANGUAGE_MODEL,
};
