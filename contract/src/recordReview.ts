import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { StorageKeySchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDate, IsoDateTime, LiteralUnion, Nullable } from './fieldSchemas.js';
import {
  BUNDLE_STATUSES,
  CHRONOLOGY_STATES,
  MAX_BUNDLE_DOCUMENTS,
  MAX_ID,
  RECORD_FLAG_KINDS,
  RECORD_GAP_MAX_DAYS,
  RECORD_GAP_MIN_DAYS,
} from './limits.js';

/**
 * Record review: what the records hold twice and what they lack, found without a language model. Near-duplicate
 * documents (rescans, re-prints, copies of one letter) are grouped with their similarity; the expert keeps one and
 * sets the others aside, which leaves them stored and listed but out of record answers, the chronology and the
 * bundle, until undone. Gaps: records the pages mention but the records do not hold, stretches without recorded care
 * longer than the user's threshold, and missed appointments, each citing the page that raises it. Scoped like every
 * patient-data call (the patient-scoped tools: full-access patients and administrators, with the documents feature).
 */

/** One document of a group of copies. */
export const DuplicateDocumentSchema = Type.Object({
  filename: Type.String(),
  s3_key: Type.String(),
  page_count: Nullable(Type.Integer()),
  /** Pages read by OCR (a scan). */
  ocr_page_count: Type.Integer(),
  processed_date: Nullable(IsoDateTime()),
  /** Share of word runs it has in common with the group's first document (0–1); 1 for the first itself. */
  similarity: Type.Number(),
  /** True when the expert set it aside as a copy: out of answers, chronology and bundle. */
  set_aside: Type.Boolean(),
  /** The document it was set aside as a copy of; null when not set aside. */
  copy_of_s3_key: Nullable(Type.String()),
  set_aside_at: Nullable(IsoDateTime()),
  /** Who set it aside; null when not set aside or the user is gone. */
  set_aside_by: Nullable(Type.String()),
});
export type DuplicateDocument = Static<typeof DuplicateDocumentSchema>;

export const DuplicateGroupSchema = Type.Object({
  /** The least similarity of the pairs that joined the group (0–1). */
  similarity: Type.Number(),
  /** In the records' order; the first is the one shown as the original. */
  documents: Type.Array(DuplicateDocumentSchema, { minItems: 2 }),
});
export type DuplicateGroup = Static<typeof DuplicateGroupSchema>;

/** A page of one of the patient's documents. */
export const ReviewedPageSchema = Type.Object({
  filename: Type.String(),
  s3_key: Type.String(),
  page: Type.Integer({ minimum: 1 }),
});
export type ReviewedPage = Static<typeof ReviewedPageSchema>;

/**
 * A page found again inside another document (a letter filed again in the GP record), where the documents as a
 * whole are not copies. Listed to read once; pages are not set aside.
 */
export const CopiedPageSchema = Type.Object({
  /** The page of the shorter document: the one copied. */
  page: ReviewedPageSchema,
  /** The page of the longer document where it is found again. */
  found_in: ReviewedPageSchema,
  /** Share of runs of characters the two pages have in common (0–1). */
  similarity: Type.Number(),
});
export type CopiedPage = Static<typeof CopiedPageSchema>;

export const DuplicateGroupsResponseSchema = Type.Object({
  /** The similarity from which two documents are taken as copies. */
  threshold: Type.Number(),
  /** Processed documents compared. */
  documents_compared: Type.Integer(),
  groups: Type.Array(DuplicateGroupSchema),
  /** Pages found again in other documents of the records (set-aside copies and whole copies left out), most alike first. */
  copied_pages: Type.Array(CopiedPageSchema),
  /** Documents set aside as copies (in groups or not). */
  set_aside_count: Type.Integer(),
});
export type DuplicateGroupsResponse = Static<typeof DuplicateGroupsResponseSchema>;

export const SetAsideDuplicatesRequestSchema = Type.Object({
  /** The document kept in the records. */
  keep: StorageKeySchema,
  /** Copies of it to set aside. */
  set_aside: Type.Array(StorageKeySchema, {
    minItems: 1,
    maxItems: MAX_BUNDLE_DOCUMENTS,
    errorMessage: 'Choose the copies to set aside',
  }),
});
export type SetAsideDuplicatesRequest = Static<typeof SetAsideDuplicatesRequestSchema>;

export const RestoreDuplicateRequestSchema = Type.Object({ s3_key: StorageKeySchema });
export type RestoreDuplicateRequest = Static<typeof RestoreDuplicateRequestSchema>;

export const RecordReviewChangeResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  /** Documents set aside as copies after the change. */
  set_aside_count: Type.Integer(),
});
export type RecordReviewChangeResponse = Static<typeof RecordReviewChangeResponseSchema>;

/** The page that raises a flag. */
export const RecordFlagPlaceSchema = Type.Object({
  filename: Type.String(),
  s3_key: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  bundle_page: Nullable(Type.Integer()),
  /** The passage of the page that raises it, highlighted in the page view. */
  chunk_id: Nullable(Type.Integer()),
});
export type RecordFlagPlace = Static<typeof RecordFlagPlaceSchema>;

export const RecordFlagSchema = Type.Object({
  kind: LiteralUnion(RECORD_FLAG_KINDS),
  /** What is flagged, in plain words ("MRI requested on 20/01/2023: no MRI report is in the records"). */
  title: Type.String(),
  /** The passage of the record that raises it. */
  passage: Type.String(),
  /** The day it concerns (the request, the start of the gap); null when the record gives none. */
  date: Nullable(IsoDate()),
  /** The gap's last day; null for other flags. */
  end_date: Nullable(IsoDate()),
  /** Days without recorded care; null for other flags. */
  days: Nullable(Type.Integer()),
  /** The pages that raise it (a gap: the care before and after it). */
  places: Type.Array(RecordFlagPlaceSchema, { minItems: 1 }),
});
export type RecordFlag = Static<typeof RecordFlagSchema>;

export const RecordGapsQuerySchema = Type.Object({
  gap_days: Type.Optional(
    Type.Integer({
      minimum: RECORD_GAP_MIN_DAYS,
      maximum: RECORD_GAP_MAX_DAYS,
      errorMessage: `The gap must be a whole number of days from ${RECORD_GAP_MIN_DAYS} to ${RECORD_GAP_MAX_DAYS}`,
    }),
  ),
});
export type RecordGapsQuery = Static<typeof RecordGapsQuerySchema>;

export const RecordGapsResponseSchema = Type.Object({
  /** The chronology the dated flags are read from: gaps need a built chronology. */
  chronology_state: LiteralUnion(CHRONOLOGY_STATES),
  chronology_out_of_date: Type.Boolean(),
  gap_days: Type.Integer(),
  missed_appointments: Type.Integer(),
  flags: Type.Array(RecordFlagSchema),
});
export type RecordGapsResponse = Static<typeof RecordGapsResponseSchema>;

/** What a patient's records hold and the state of the tools over them, for the patient dashboard's case overview. */
export const CaseOverviewSchema = Type.Object({
  documents: Type.Object({
    /** Every uploaded document: processed, being processed, or failed (kept, not indexed). */
    total: Type.Integer(),
    processed: Type.Integer(),
    processing: Type.Integer(),
    failed: Type.Integer(),
    /** Processed documents set aside as copies (stored and listed, out of answers, chronology and bundle). */
    set_aside: Type.Integer(),
  }),
  pages: Type.Object({
    /** Pages of the processed documents. */
    total: Type.Integer(),
    /** Pages without a text layer (scans). */
    scanned: Type.Integer(),
    /** Pages read by OCR. */
    read_by_ocr: Type.Integer(),
    /** OCR pages below the confidence threshold: "check the original". */
    low_confidence: Type.Integer(),
    /** Pages with neither a text layer nor readable OCR text. */
    unreadable: Type.Integer(),
  }),
  chronology: Type.Object({
    state: LiteralUnion(CHRONOLOGY_STATES),
    out_of_date: Type.Boolean(),
    built_at: Nullable(IsoDateTime()),
  }),
  bundle: Type.Object({
    /** The current bundle's status; null before the first. */
    status: Nullable(LiteralUnion(BUNDLE_STATUSES)),
    out_of_date: Type.Boolean(),
    page_count: Nullable(Type.Integer()),
    completed_at: Nullable(IsoDateTime()),
  }),
  /** The patient's jobs pending or running. */
  open_jobs: Type.Integer(),
});
export type CaseOverview = Static<typeof CaseOverviewSchema>;

const PatientIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

export const recordReviewCalls = {
  /** What the patient's records hold (documents, pages, scans, copies set aside) and the state of the tools. */
  getCaseOverview: defineCall({
    method: 'GET',
    url: '/api/patients/:id/overview',
    schema: { params: PatientIdParams, response: { 200: CaseOverviewSchema, ...ERROR_RESPONSES } },
  }),
  /** The patient's processed documents grouped by copying, with the copies set aside. */
  getDuplicateGroups: defineCall({
    method: 'GET',
    url: '/api/patients/:id/duplicates',
    schema: { params: PatientIdParams, response: { 200: DuplicateGroupsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Keeps one document and sets its copies aside (each must be in its group of copies). */
  setAsideDuplicates: defineCall({
    method: 'POST',
    url: '/api/patients/:id/duplicates/set-aside',
    schema: {
      params: PatientIdParams,
      body: SetAsideDuplicatesRequestSchema,
      response: { 200: RecordReviewChangeResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Undo: brings a set-aside copy back into the records. */
  restoreDuplicate: defineCall({
    method: 'POST',
    url: '/api/patients/:id/duplicates/restore',
    schema: {
      params: PatientIdParams,
      body: RestoreDuplicateRequestSchema,
      response: { 200: RecordReviewChangeResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Missing records, gaps in care over `gap_days` and missed appointments, each with its pages. */
  getRecordGaps: defineCall({
    method: 'GET',
    url: '/api/patients/:id/record-gaps',
    schema: {
      params: PatientIdParams,
      querystring: RecordGapsQuerySchema,
      response: { 200: RecordGapsResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /**
   * The record review (copies set aside and flags) as a Word document named
   * `<FirstName>_<Surname>_record_review_<YYYY-MM-DD>.docx` (Content-Disposition); errors answer JSON.
   */
  exportRecordReview: defineCall({
    method: 'GET',
    url: '/api/patients/:id/record-review/export',
    schema: { params: PatientIdParams, querystring: RecordGapsQuerySchema, response: { ...ERROR_RESPONSES } },
  }),
} as const;
