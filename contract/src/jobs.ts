import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable } from './fieldSchemas.js';
import { JOB_LOG_LEVELS, JOB_STATUSES, JOB_STEP_STATUSES, MAX_ID } from './limits.js';

export const JobStatusSchema = LiteralUnion(JOB_STATUSES);
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * What a document-processing job produced; other kinds keep their own result here or next to it (a draft report's
 * sections are under the same key), so only what every reader can rely on is required: nothing.
 */
export const ProcessingResultSchema = Type.Object(
  {
    chunks_created: Type.Optional(Type.Integer()),
    pages: Type.Optional(Type.Integer()),
    /** Pages with no text layer (scans), 1-based: reported, never indexed as empty text. */
    pages_without_text: Type.Optional(Type.Array(Type.Integer())),
    document_id: Type.Optional(Type.Integer()),
    filename: Type.Optional(Type.String()),
    /** Pages read by OCR, their mean word confidence (0–100), and the pages to check against the original. */
    ocr_pages: Type.Optional(Type.Array(Type.Integer())),
    ocr_confidence: Type.Optional(Nullable(Type.Number())),
    low_confidence_pages: Type.Optional(Type.Array(Type.Integer())),
    /** Pages with nothing on them, and pages neither a text layer nor OCR could read. */
    blank_pages: Type.Optional(Type.Array(Type.Integer())),
    unreadable_pages: Type.Optional(Type.Array(Type.Integer())),
  },
  { additionalProperties: true },
);
export type ProcessingResult = Static<typeof ProcessingResultSchema>;

export const JobOutputDataSchema = Type.Object(
  { processing_result: Type.Optional(ProcessingResultSchema) },
  { additionalProperties: true },
);
export type JobOutputData = Static<typeof JobOutputDataSchema>;

export const JobInputDataSchema = Type.Object(
  {
    filename: Type.Optional(Type.String()),
    file_size_mb: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);
export type JobInputData = Static<typeof JobInputDataSchema>;

/** A background job (JOB-01). */
export const JobSchema = Type.Object({
  id: Type.Integer(),
  status: JobStatusSchema,
  job_type: Type.String(),
  input_data: JobInputDataSchema,
  progress_percentage: Type.Number(),
  current_step_description: Nullable(Type.String()),
  created_at: IsoDateTime(),
  started_at: Nullable(IsoDateTime()),
  completed_at: Nullable(IsoDateTime()),
  error_message: Nullable(Type.String()),
  output_data: Nullable(JobOutputDataSchema),
  patient_id: Nullable(Type.Integer()),
});
export type Job = Static<typeof JobSchema>;

export const JobProgressStepSchema = Type.Object({
  step_name: Type.String(),
  step_description: Type.String(),
  status: LiteralUnion(JOB_STEP_STATUSES),
  progress_percentage: Type.Number(),
  started_at: Nullable(IsoDateTime()),
  completed_at: Nullable(IsoDateTime()),
});
export type JobProgressStep = Static<typeof JobProgressStepSchema>;

export const JobLogEntrySchema = Type.Object({
  timestamp: IsoDateTime(),
  level: LiteralUnion(JOB_LOG_LEVELS),
  message: Type.String(),
  source: Type.String(),
});
export type JobLogEntry = Static<typeof JobLogEntrySchema>;

/** GET /api/jobs/{id}/status: the job's state at the top level, and the detail view's job, steps and logs. */
export const JobStatusResponseSchema = Type.Object({
  status: JobStatusSchema,
  progress_percentage: Type.Number(),
  current_step_description: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
  output_data: Nullable(JobOutputDataSchema),
  job: JobSchema,
  progress_steps: Type.Array(JobProgressStepSchema),
  recent_logs: Type.Array(JobLogEntrySchema),
});
export type JobStatusResponse = Static<typeof JobStatusResponseSchema>;

export const PatientJobsResponseSchema = Type.Object({ jobs: Type.Array(JobSchema) });
export type PatientJobsResponse = Static<typeof PatientJobsResponseSchema>;

export const JobCancelResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  job: JobSchema,
});
export type JobCancelResponse = Static<typeof JobCancelResponseSchema>;

export const JobIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid job id' }),
});
const PatientIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

/** A job as the navbar's indicator shows it (JOB-08, Background job). */
export const BackgroundJobSchema = Type.Object({
  id: Type.Integer(),
  job_type: Type.String(),
  status: JobStatusSchema,
  progress_percentage: Type.Number(),
  current_step_description: Nullable(Type.String()),
  patient_id: Nullable(Type.Integer()),
  created_at: IsoDateTime(),
  completed_at: Nullable(IsoDateTime()),
  error_message: Nullable(Type.String()),
  /** What the job works on, e.g. the uploaded file's name, so a list of jobs can be told apart. */
  title: Nullable(Type.String()),
});
export type BackgroundJob = Static<typeof BackgroundJobSchema>;

export const ActiveJobsResponseSchema = Type.Object({ active_jobs: Type.Array(BackgroundJobSchema) });
export type ActiveJobsResponse = Static<typeof ActiveJobsResponseSchema>;
export const RecentCompletedJobsResponseSchema = Type.Object({
  recent_completed: Type.Array(BackgroundJobSchema),
});
export type RecentCompletedJobsResponse = Static<typeof RecentCompletedJobsResponseSchema>;
export const DismissJobResponseSchema = Type.Object({ success: Type.Boolean() });
export type DismissJobResponse = Static<typeof DismissJobResponseSchema>;

const UserIdParams = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid user id' }),
});
const DismissParams = Type.Object({
  jobId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid job id' }),
});

export const jobCalls = {
  /** A patient's jobs, newest first (full-access patients and administrators, ACC-06). */
  listPatientJobs: defineCall({
    method: 'GET',
    url: '/api/patients/:id/jobs',
    schema: { params: PatientIdParams, response: { 200: PatientJobsResponseSchema, ...ERROR_RESPONSES } },
  }),
  getJobStatus: defineCall({
    method: 'GET',
    url: '/api/jobs/:id/status',
    schema: { params: JobIdParamsSchema, response: { 200: JobStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Asks an active job to stop: a pending job ends at once, a running one between its steps. */
  cancelJob: defineCall({
    method: 'POST',
    url: '/api/jobs/:id/cancel',
    schema: { params: JobIdParamsSchema, response: { 200: JobCancelResponseSchema, ...ERROR_RESPONSES } },
  }),
};

/** The navbar's background job indicator: only the signed-in user's own jobs (another userId answers 403). */
export const backgroundJobCalls = {
  listActiveJobs: defineCall({
    method: 'GET',
    url: '/api/background-jobs/user/:userId/active',
    schema: { params: UserIdParams, response: { 200: ActiveJobsResponseSchema, ...ERROR_RESPONSES } },
  }),
  listRecentCompletedJobs: defineCall({
    method: 'GET',
    url: '/api/background-jobs/user/:userId/recent-completed',
    schema: {
      params: UserIdParams,
      response: { 200: RecentCompletedJobsResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  dismissJob: defineCall({
    method: 'POST',
    url: '/api/background-jobs/dismiss/:jobId',
    schema: { params: DismissParams, response: { 200: DismissJobResponseSchema, ...ERROR_RESPONSES } },
  }),
};
