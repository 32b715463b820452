import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { DownloadLinkResponseSchema, StorageKeySchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDate, IsoDateTime, LiteralUnion, Nullable } from './fieldSchemas.js';
import { JobSchema } from './jobs.js';
import {
  BUNDLE_DESCRIPTION_MAX_LENGTH,
  BUNDLE_DESCRIPTION_SOURCES,
  BUNDLE_STATUSES,
  MAX_ID,
  MAX_BUNDLE_DOCUMENTS,
} from './limits.js';

/**
 * The paginated record bundle of a patient (the `/pagination` screen): the patient's processed documents in an
 * order the user sets, produced as one PDF by a background job, with an index page and every page stamped
 * "Page N". Bundle page numbers stay as they are until the bundle is generated again.
 */

/** One of the patient's documents as the bundle orders it. */
export const BundleDocumentSchema = Type.Object({
  s3_key: Type.String(),
  filename: Type.String(),
  file_type: Type.String(),
  /** The date found in the document (its first dated line), else null: the default order's key. */
  document_date: Nullable(IsoDate()),
  uploaded_at: IsoDateTime(),
  page_count: Nullable(Type.Integer()),
  /** Position in the order, from 1. */
  position: Type.Integer(),
  /**
   * How the index names it: the expert's description, else its author and kind read from its opening pages (the
   * chronology's rules), else its file name.
   */
  description: Type.String(),
  description_source: LiteralUnion(BUNDLE_DESCRIPTION_SOURCES),
});
export type BundleDocument = Static<typeof BundleDocumentSchema>;

/** Where one document sits in a produced bundle. */
export const BundleEntrySchema = Type.Object({
  s3_key: Type.String(),
  filename: Type.String(),
  /** How the index and the outline named it; null for a bundle made before descriptions. */
  description: Nullable(Type.String()),
  document_date: Nullable(IsoDate()),
  first_page: Type.Integer(),
  last_page: Type.Integer(),
});
export type BundleEntry = Static<typeof BundleEntrySchema>;

/**
 * A copy the expert set aside in record review: stored and listed, but left out of the bundle. The index lists it
 * under "Duplicates omitted" with the document it duplicates.
 */
export const OmittedDuplicateSchema = Type.Object({
  filename: Type.String(),
  /** How the index names it (the same rules as a bundled document's description). */
  description: Type.String(),
  document_date: Nullable(IsoDate()),
  /** The document kept in the bundle in its place. */
  duplicate_of: Type.Object({
    filename: Type.String(),
    description: Type.String(),
    /** Its number in the bundle's order; null when it is not in the bundle (deleted while the bundle was made). */
    position: Nullable(Type.Integer()),
  }),
});
export type OmittedDuplicate = Static<typeof OmittedDuplicateSchema>;

/** The latest bundle produced (or being produced). */
export const RecordBundleSchema = Type.Object({
  id: Type.Integer(),
  status: LiteralUnion(BUNDLE_STATUSES),
  job_id: Nullable(Type.Integer()),
  /** Pages of the PDF, index page(s) included. */
  page_count: Nullable(Type.Integer()),
  /** Pages the index takes before the first document. */
  index_pages: Nullable(Type.Integer()),
  filename: Type.String(),
  created_at: IsoDateTime(),
  completed_at: Nullable(IsoDateTime()),
  error_message: Nullable(Type.String()),
  /** True when documents were added, removed or reordered after this bundle was made. */
  out_of_date: Type.Boolean(),
  entries: Type.Array(BundleEntrySchema),
  /** The set-aside copies its index lists as omitted (none for a bundle made before they were listed). */
  omitted_duplicates: Type.Array(OmittedDuplicateSchema),
});
export type RecordBundle = Static<typeof RecordBundleSchema>;

export const BundleStateResponseSchema = Type.Object({
  /** The processed documents in bundle order (the saved order, new documents placed by date). */
  documents: Type.Array(BundleDocumentSchema),
  /** True once the user saved an order; false while the order is the default (by date, else upload order). */
  order_saved: Type.Boolean(),
  /** The copies set aside in record review, left out of the order and listed in the index as omitted. */
  omitted_duplicates: Type.Array(OmittedDuplicateSchema),
  /** The current bundle: the latest completed one, or the one being produced; null before the first. */
  bundle: Nullable(RecordBundleSchema),
  /** The bundle job in progress, if any. */
  active_job: Nullable(JobSchema),
});
export type BundleStateResponse = Static<typeof BundleStateResponseSchema>;

export const SaveBundleOrderRequestSchema = Type.Object({
  /** Every processed document's key once, in the wanted order. */
  s3_keys: Type.Array(StorageKeySchema, { maxItems: MAX_BUNDLE_DOCUMENTS }),
});
export type SaveBundleOrderRequest = Static<typeof SaveBundleOrderRequestSchema>;

export const SaveBundleDescriptionRequestSchema = Type.Object({
  s3_key: StorageKeySchema,
  /** The description for the index; empty goes back to the one read from the document. */
  description: Type.String({
    maxLength: BUNDLE_DESCRIPTION_MAX_LENGTH,
    title: 'Description',
    errorMessage: { maxLength: `A description may have at most ${BUNDLE_DESCRIPTION_MAX_LENGTH} characters` },
  }),
});
export type SaveBundleDescriptionRequest = Static<typeof SaveBundleDescriptionRequestSchema>;

export const GenerateBundleResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  job_id: Type.Integer(),
});
export type GenerateBundleResponse = Static<typeof GenerateBundleResponseSchema>;

const PatientIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

/** For full-access and pagination-only patients (and administrators), with the documents feature. */
export const recordBundleCalls = {
  getBundle: defineCall({
    method: 'GET',
    url: '/api/patients/:id/bundle',
    schema: { params: PatientIdParams, response: { 200: BundleStateResponseSchema, ...ERROR_RESPONSES } },
  }),
  saveBundleOrder: defineCall({
    method: 'PUT',
    url: '/api/patients/:id/bundle/order',
    schema: {
      params: PatientIdParams,
      body: SaveBundleOrderRequestSchema,
      response: { 200: BundleStateResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Sets how the index describes one document (or, with an empty description, goes back to the one read). */
  saveBundleDescription: defineCall({
    method: 'PUT',
    url: '/api/patients/:id/bundle/description',
    schema: {
      params: PatientIdParams,
      body: SaveBundleDescriptionRequestSchema,
      response: { 200: BundleStateResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Produces the bundle in the saved (or default) order as a background job. */
  generateBundle: defineCall({
    method: 'POST',
    url: '/api/patients/:id/bundle',
    schema: { params: PatientIdParams, response: { 202: GenerateBundleResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** A signed link to the latest completed bundle's PDF. */
  getBundleDownload: defineCall({
    method: 'GET',
    url: '/api/patients/:id/bundle/download',
    schema: { params: PatientIdParams, response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES } },
  }),
};
