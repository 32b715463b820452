import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { DownloadLinkResponseSchema, StorageKeySchema } from './documents.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable } from './fieldSchemas.js';
import { JobStatusSchema } from './jobs.js';
import { CHUNK_SOURCES, DRAFT_JOBS_MAX_PAGE_SIZE, GENERATED_DOCUMENT_FORMATS, MAX_ID } from './limits.js';
import { MessageResponseSchema } from './prompts.js';
import { ModelInfoSchema } from './recordQuestions.js';

/**
 * Draft reports (DRF-01, DRF-07, DRF-03): a background job drafts one section
 * per prompt of the chosen report type from the patient's indexed records, cited to file and page, then the complete
 * report, then the Word document (in the user's own report template when one is chosen). Without a language model
 * each section is an evidence digest: the cited passages, said plainly to be no draft. Needs the user feature
 * 'generative-ai' and a patient the caller may work on (the patient-scoped tools' rule).
 */

const Id = (errorMessage: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage });

/** A report type the user's group has, with how many prompts it runs. */
export const DraftReportTypeSchema = Type.Object({
  ID_LookupType: Type.Integer(),
  LookupTypeText: Type.String(),
  prompt_count: Type.Integer(),
});
export type DraftReportType = Static<typeof DraftReportTypeSchema>;
export const DraftReportTypesResponseSchema = Type.Object({
  success: Type.Boolean(),
  lookup_types: Type.Array(DraftReportTypeSchema),
});
export type DraftReportTypesResponse = Static<typeof DraftReportTypesResponseSchema>;

/** One prompt of a report type, in the order the job runs them. */
export const DraftReportPromptSchema = Type.Object({
  ID_Lookup: Type.Integer(),
  LookupTitle: Type.String(),
  LookupText: Type.String(),
  LookupType: Type.Integer(),
});
export type DraftReportPrompt = Static<typeof DraftReportPromptSchema>;
export const DraftReportPromptsResponseSchema = Type.Object({
  success: Type.Boolean(),
  prompts: Type.Array(DraftReportPromptSchema),
});
export type DraftReportPromptsResponse = Static<typeof DraftReportPromptsResponseSchema>;

/** What the job is asked besides the type and the Word template. */
export const DraftReportMetadataSchema = Type.Object(
  {
    /** A structured template of the caller's group: its front page, section outline and declaration. */
    structured_template_id: Type.Optional(Nullable(Id('Invalid structured template id'))),
  },
  { additionalProperties: true },
);
export type DraftReportMetadata = Static<typeof DraftReportMetadataSchema>;

export const GenerateDraftReportRequestSchema = Type.Object(
  {
    patient_id: Id('Missing required information'),
    /** Must be the signed-in user. */
    user_id: Id('Missing required information'),
    lookup_type_id: Id('Missing required information'),
    /** One of the user's own report templates (.docx), filled keeping its styles. */
    template_id: Type.Optional(Nullable(Id('Invalid report template id'))),
    metadata: Type.Optional(DraftReportMetadataSchema),
  },
  { errorMessage: { required: 'Missing required information' } },
);
export type GenerateDraftReportRequest = Static<typeof GenerateDraftReportRequestSchema>;
export const GenerateDraftReportResponseSchema = Type.Object({
  success: Type.Boolean(),
  job_id: Type.Integer(),
  status: JobStatusSchema,
  error: Nullable(Type.String()),
});
export type GenerateDraftReportResponse = Static<typeof GenerateDraftReportResponseSchema>;

export const DraftReportStatusResponseSchema = Type.Object({
  success: Type.Boolean(),
  job_id: Type.Integer(),
  status: JobStatusSchema,
  progress_percentage: Type.Number(),
  current_step: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
  created_at: IsoDateTime(),
});
export type DraftReportStatusResponse = Static<typeof DraftReportStatusResponseSchema>;

/** One place a section cites: `[number]` in its text is this page of this document. */
export const DraftSourceSchema = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  filename: Type.String(),
  s3_key: Type.String(),
  page: Type.Integer({ minimum: 1 }),
  /** The page's number in the patient's record bundle when the job ran; null without one. */
  bundle_page: Nullable(Type.Integer()),
  chunk_id: Nullable(Type.Integer()),
  source: LiteralUnion(CHUNK_SOURCES),
  ocr_confidence: Nullable(Type.Number()),
});
export type DraftSource = Static<typeof DraftSourceSchema>;

/** How a section's text came to be ('records-list': the documents held, listed from the records themselves). */
export const DRAFT_SECTION_ORIGINS = [
  'language-model',
  'evidence-digest',
  'records-list',
  'assembled',
] as const;

/** A report result section (DRF-04), with the sources its `[n]` markers cite. */
export const ReportSectionSchema = Type.Object({
  title: Type.String(),
  response: Type.String(),
  template_applied: Type.Boolean(),
  template_id: Nullable(Type.Integer()),
  /** True when a language model wrote it (the spec's name for "AI comprehensive"). */
  bedrock_comprehensive: Type.Boolean(),
  /** The model the endpoint reported, or null when none wrote it. */
  bedrock_model_used: Nullable(Type.String()),
  /** The prompt it answers (null for the complete report). */
  prompt_id: Nullable(Type.Integer()),
  origin: LiteralUnion(DRAFT_SECTION_ORIGINS),
  sources: Type.Array(DraftSourceSchema),
  /** Sentences of a drafted section that its cited passages do not support (empty for digests). */
  unsupported_sentences: Type.Array(Type.String()),
});
export type ReportSection = Static<typeof ReportSectionSchema>;

/** Who or what drafted which part of the report, from what: for the expert's disclosure of AI use. */
export const AiUseRecordSchema = Type.Object({
  model_info: ModelInfoSchema,
  drafted_sections: Type.Array(Type.String()),
  digest_sections: Type.Array(Type.String()),
  generated_at: IsoDateTime(),
  documents: Type.Array(Type.String()),
  style_document: Nullable(Type.String()),
  report_template: Nullable(Type.String()),
  structured_template: Nullable(Type.String()),
});
export type AiUseRecord = Static<typeof AiUseRecordSchema>;

export const DraftProcessingResultSchema = Type.Object({
  results: Type.Array(ReportSectionSchema),
  docx_saved: Type.Boolean(),
  docx_s3_key: Nullable(Type.String()),
  docx_filename: Nullable(Type.String()),
  docx_error: Nullable(Type.String()),
  ai_use: AiUseRecordSchema,
  report_type: Type.String(),
  patient_id: Type.Integer(),
});
export type DraftProcessingResult = Static<typeof DraftProcessingResultSchema>;

export const DraftReportResultsResponseSchema = Type.Object({
  success: Type.Boolean(),
  job_id: Type.Integer(),
  results: Type.Object({ processing_result: DraftProcessingResultSchema }),
});
export type DraftReportResultsResponse = Static<typeof DraftReportResultsResponseSchema>;

/** A draft-report job of the user, for the Recent Jobs panel. */
export const DraftReportJobSchema = Type.Object({
  id: Type.Integer(),
  job_id: Type.Integer(),
  status: JobStatusSchema,
  progress_percentage: Type.Number(),
  current_step_description: Nullable(Type.String()),
  created_at: IsoDateTime(),
  completed_at: Nullable(IsoDateTime()),
  error_message: Nullable(Type.String()),
  patient_id: Nullable(Type.Integer()),
  patient_name: Nullable(Type.String()),
  report_type: Nullable(Type.String()),
});
export type DraftReportJob = Static<typeof DraftReportJobSchema>;
export const DraftReportJobsQuerySchema = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1, errorMessage: 'Invalid page' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: DRAFT_JOBS_MAX_PAGE_SIZE,
      default: 10,
      errorMessage: 'Invalid limit',
    }),
  ),
});
export type DraftReportJobsQuery = Static<typeof DraftReportJobsQuerySchema>;
export const DraftReportJobsResponseSchema = Type.Object({
  success: Type.Boolean(),
  jobs: Type.Array(DraftReportJobSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type DraftReportJobsResponse = Static<typeof DraftReportJobsResponseSchema>;

/** A generated (draft) report of the patient (DRF-07). */
export const GeneratedDocumentSchema = Type.Object({
  filename: Type.String(),
  size_bytes: Type.Integer(),
  created_date: IsoDateTime(),
  job_id: Nullable(Type.Integer()),
  s3_key: Type.String(),
  format: LiteralUnion(GENERATED_DOCUMENT_FORMATS),
  /** The report type it was drafted for, and who started it. */
  report_type: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
});
export type GeneratedDocument = Static<typeof GeneratedDocumentSchema>;
export const GeneratedDocumentsResponseSchema = Type.Object({
  success: Type.Boolean(),
  documents: Type.Array(GeneratedDocumentSchema),
  total_documents: Type.Integer(),
  total_size_mb: Type.Number(),
});
export type GeneratedDocumentsResponse = Static<typeof GeneratedDocumentsResponseSchema>;

const UserIdParams = Type.Object({ id: Id('Invalid user id') });
const JobIdParams = Type.Object({ jobId: Id('Invalid job id') });
const PatientIdParams = Type.Object({ patientId: Id('Invalid patient id') });
const GeneratedDocumentParams = Type.Object({
  patientId: PatientIdParams.properties.patientId,
  s3_key: StorageKeySchema,
});

export const draftReportCalls = {
  /** The report types of the user's group with their prompt counts; `id` must be the caller. */
  listDraftReportTypes: defineCall({
    method: 'GET',
    url: '/api/draft-report/lookup-types/:id',
    schema: { params: UserIdParams, response: { 200: DraftReportTypesResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** The prompts of one report type (`lookupTypeId`) for the user (`userId`, the caller). */
  listDraftReportPrompts: defineCall({
    method: 'GET',
    url: '/api/draft-report/prompts/:userId/:lookupTypeId',
    schema: {
      params: Type.Object({ userId: Id('Invalid user id'), lookupTypeId: Id('Invalid report type id') }),
      response: { 200: DraftReportPromptsResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  generateDraftReport: defineCall({
    method: 'POST',
    url: '/api/draft-report/generate',
    schema: {
      body: GenerateDraftReportRequestSchema,
      response: { 202: GenerateDraftReportResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  getDraftReportStatus: defineCall({
    method: 'GET',
    url: '/api/draft-report/status/:jobId',
    schema: { params: JobIdParams, response: { 200: DraftReportStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Only a completed job has results (409 otherwise). */
  getDraftReportResults: defineCall({
    method: 'GET',
    url: '/api/draft-report/results/:jobId',
    schema: { params: JobIdParams, response: { 200: DraftReportResultsResponseSchema, ...ERROR_RESPONSES } },
  }),
  listDraftReportJobs: defineCall({
    method: 'GET',
    url: '/api/users/:id/draft-report-jobs',
    schema: {
      params: UserIdParams,
      querystring: DraftReportJobsQuerySchema,
      response: { 200: DraftReportJobsResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  listGeneratedDocuments: defineCall({
    method: 'GET',
    url: '/api/documents/gai/:patientId',
    schema: {
      params: PatientIdParams,
      response: { 200: GeneratedDocumentsResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  downloadGeneratedDocument: defineCall({
    method: 'GET',
    url: '/api/documents/gai/download/:patientId/:s3_key',
    schema: {
      params: GeneratedDocumentParams,
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteGeneratedDocument: defineCall({
    method: 'DELETE',
    url: '/api/documents/gai/delete/:patientId/:s3_key',
    schema: { params: GeneratedDocumentParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
} as const;
