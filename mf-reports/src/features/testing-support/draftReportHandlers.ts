// Test data and MSW handlers for the Draft Report screen (DRF-03, the Date of Event
// change, and the lists it reads: report templates, structured templates, default prompts). One backend object
// holds what the server would; tests change it, or override one call with `server.use`.
import type {
  DraftProcessingResult,
  DraftReportJob,
  DraftReportPrompt,
  DraftReportStatusResponse,
  DraftReportType,
  DraftSource,
  ReportSection,
} from '@ewrt/contract';
import { COMPLETE_FINAL_REPORT } from '@ewrt/contract/limits';
import { answerCall, answerCallWith, HttpResponse, makePatient } from '@ewrt/shared/testing';
import type { Patient } from '@ewrt/shared';
import { makeReportTemplate } from './authoringDocumentHandlers';
import { DEFAULT_PROMPTS, DEFAULT_TYPES } from './promptHandlers';
import { makeStructuredTemplateListItem } from './structuredTemplateHandlers';

export const DRAFT_PATIENT: Patient = makePatient({
  ID_Patient: 101,
  FirstName: 'Alex',
  Surname: 'Example',
  MRN: 'DEMO-0101',
  DateOfBirth: '1980-05-12',
  DateofEvent: '2024-03-01',
});

export const PERSONAL_INJURY_TYPE: DraftReportType = {
  ID_LookupType: 11,
  LookupTypeText: 'Personal Injury',
  prompt_count: 2,
};
export const EMPTY_TYPE: DraftReportType = {
  ID_LookupType: 12,
  LookupTypeText: 'Employment',
  prompt_count: 0,
};

export function makeDraftPrompt(overrides: Partial<DraftReportPrompt> = {}): DraftReportPrompt {
  return {
    ID_Lookup: 201,
    LookupTitle: 'History of the index event',
    LookupText: 'Describe the accident and the injuries sustained.',
    LookupType: PERSONAL_INJURY_TYPE.ID_LookupType,
    ...overrides,
  };
}

export const PERSONAL_INJURY_PROMPTS: DraftReportPrompt[] = [
  makeDraftPrompt(),
  makeDraftPrompt({ ID_Lookup: 202, LookupTitle: 'Prognosis', LookupText: 'Give the prognosis.' }),
];

export function makeDraftSource(overrides: Partial<DraftSource> = {}): DraftSource {
  return {
    number: 1,
    filename: 'discharge-summary.pdf',
    s3_key: 'patients/101/documents/discharge-summary.pdf',
    page: 3,
    bundle_page: 17,
    chunk_id: 9001,
    source: 'text',
    ocr_confidence: null,
    ...overrides,
  };
}

export function makeReportSection(overrides: Partial<ReportSection> = {}): ReportSection {
  return {
    title: 'History of the index event',
    response: 'Mr Example was injured in a road traffic collision on 1 March 2024 [1].',
    template_applied: true,
    template_id: 7,
    bedrock_comprehensive: true,
    bedrock_model_used: 'stand-in-model-7b',
    prompt_id: 201,
    origin: 'language-model',
    sources: [makeDraftSource()],
    unsupported_sentences: [],
    ...overrides,
  };
}

/** The model label the server reports; the screen must show exactly this. */
export const SERVER_MODEL_LABEL = 'stand-in-model-7b (llm.local)';

export function makeProcessingResult(overrides: Partial<DraftProcessingResult> = {}): DraftProcessingResult {
  return {
    results: [
      makeReportSection(),
      makeReportSection({
        title: 'Prognosis',
        response: 'Recovery is expected within 18 months [1]. He will run a marathon next year.',
        prompt_id: 202,
        sources: [
          makeDraftSource({
            filename: 'orthopaedic-letter.pdf',
            s3_key: 'patients/101/documents/orthopaedic-letter.pdf',
            page: 2,
            bundle_page: null,
            source: 'ocr',
            ocr_confidence: 0.91,
          }),
        ],
        unsupported_sentences: ['He will run a marathon next year.'],
      }),
      makeReportSection({
        title: COMPLETE_FINAL_REPORT,
        response: 'The complete report.',
        prompt_id: null,
        origin: 'assembled',
        sources: [],
      }),
    ],
    docx_saved: true,
    docx_s3_key: 'patients/101/generated/Example_Alex_draft_55.docx',
    docx_filename: 'Example_Alex_draft_55.docx',
    docx_error: null,
    ai_use: {
      model_info: {
        mode: 'language-model',
        model: 'stand-in-model-7b',
        provider: 'llm.local',
        label: SERVER_MODEL_LABEL,
      },
      drafted_sections: ['History of the index event', 'Prognosis'],
      digest_sections: [],
      generated_at: '2026-03-02T10:15:00.000Z',
      documents: ['discharge-summary.pdf', 'orthopaedic-letter.pdf'],
      style_document: null,
      report_template: 'Personal injury (orthopaedic)',
      structured_template: null,
    },
    report_type: PERSONAL_INJURY_TYPE.LookupTypeText,
    patient_id: DRAFT_PATIENT.ID_Patient,
    ...overrides,
  };
}

export function makeDraftJob(overrides: Partial<DraftReportJob> = {}): DraftReportJob {
  const id = overrides.id ?? 50;
  return {
    id,
    job_id: id,
    status: 'completed',
    progress_percentage: 100,
    current_step_description: null,
    created_at: '2026-03-01T09:00:00.000Z',
    completed_at: '2026-03-01T09:05:00.000Z',
    error_message: null,
    patient_id: DRAFT_PATIENT.ID_Patient,
    patient_name: 'Alex Example',
    report_type: PERSONAL_INJURY_TYPE.LookupTypeText,
    ...overrides,
  };
}

export function makeDraftStatus(
  overrides: Partial<DraftReportStatusResponse> = {},
): DraftReportStatusResponse {
  return {
    success: true,
    job_id: 55,
    status: 'running',
    progress_percentage: 40,
    current_step: 'Drafting section 1 of 2: History of the index event',
    error_message: null,
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export interface RecordedDraftRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export interface DraftReportBackend {
  patient: Patient;
  types: DraftReportType[];
  prompts: Record<number, DraftReportPrompt[]>;
  jobs: DraftReportJob[];
  /** The answers to the status polls, in turn; the last one repeats. */
  statuses: DraftReportStatusResponse[];
  results: Record<number, DraftProcessingResult>;
  /** The id the next generate answers with. */
  nextJobId: number;
  defaultsAvailable: boolean;
  requests: RecordedDraftRequest[];
}

/** A patient, one report type with two prompts, no jobs yet, and a job that runs once then completes. */
export function createDraftReportBackend(): DraftReportBackend {
  return {
    patient: DRAFT_PATIENT,
    types: [PERSONAL_INJURY_TYPE, EMPTY_TYPE],
    prompts: {
      [PERSONAL_INJURY_TYPE.ID_LookupType]: PERSONAL_INJURY_PROMPTS,
      [EMPTY_TYPE.ID_LookupType]: [],
    },
    jobs: [],
    statuses: [
      makeDraftStatus(),
      makeDraftStatus({ status: 'completed', progress_percentage: 100, current_step: 'Completed' }),
    ],
    results: { 55: makeProcessingResult() },
    nextJobId: 55,
    defaultsAvailable: true,
    requests: [],
  };
}

/** Puts the backend back to its initial state (between tests). */
export function resetDraftReportBackend(backend: DraftReportBackend): void {
  Object.assign(backend, createDraftReportBackend());
}

/** The requests of one method to paths starting with `pathStart`, in order. */
export function draftRequestsTo(backend: DraftReportBackend, method: string, pathStart: string) {
  return backend.requests.filter(
    (request) => request.method === method && request.path.startsWith(pathStart),
  );
}

/** An error answer as the server sends it (clients show its `message`). */
export function draftReportApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

function record(backend: DraftReportBackend, { request, body }: { request: Request; body: unknown }): void {
  const url = new URL(request.url);
  backend.requests.push({
    method: request.method,
    path: url.pathname,
    search: url.search,
    body: body ?? null,
  });
}

/** Every call the Draft Report screen makes, answered from the backend. */
export function draftReportHandlers(backend: DraftReportBackend) {
  return [
    answerCall('getPatient', (call) => {
      record(backend, call);
      return Number(call.params.id) === backend.patient.ID_Patient
        ? backend.patient
        : draftReportApiError(404, 'Patient not found');
    }),
    answerCall('updateDateOfEvent', (call) => {
      record(backend, call);
      backend.patient = { ...backend.patient, DateofEvent: call.body.DateofEvent ?? null };
      return { patient: backend.patient, message: 'Date of Event updated' };
    }),
    answerCall('listDraftReportTypes', (call) => {
      record(backend, call);
      return { success: true, lookup_types: backend.types };
    }),
    answerCall('listDraftReportPrompts', (call) => {
      record(backend, call);
      return {
        success: true,
        prompts: backend.prompts[Number(call.params.lookupTypeId)] ?? [],
      };
    }),
    answerCall('generateDraftReport', (call) => {
      record(backend, call);
      const job = makeDraftJob({
        id: backend.nextJobId,
        status: 'pending',
        progress_percentage: 0,
        completed_at: null,
        patient_id: call.body.patient_id,
      });
      backend.jobs = [job, ...backend.jobs];
      return HttpResponse.json(
        { success: true, job_id: job.id, status: 'pending', error: null },
        { status: 202 },
      );
    }),
    answerCall('getDraftReportStatus', (call) => {
      record(backend, call);
      const answer = (backend.statuses.length > 1 ? backend.statuses.shift() : backend.statuses[0])!;
      const jobId = Number(call.params.jobId);
      // The job list follows what the polls report, as the server's would.
      backend.jobs = backend.jobs.map((job) =>
        job.id === jobId
          ? { ...job, status: answer.status, progress_percentage: answer.progress_percentage }
          : job,
      );
      return { ...answer, job_id: jobId };
    }),
    answerCall('getDraftReportResults', (call) => {
      record(backend, call);
      const jobId = Number(call.params.jobId);
      const result = backend.results[jobId];
      return result
        ? { success: true, job_id: jobId, results: { processing_result: result } }
        : draftReportApiError(409, 'The job has not completed');
    }),
    answerCall('listDraftReportJobs', (call) => {
      record(backend, call);
      const page = Number(call.query.get('page') ?? 1);
      const limit = Number(call.query.get('limit') ?? 10);
      return {
        success: true,
        jobs: backend.jobs.slice((page - 1) * limit, page * limit),
        page,
        limit,
        total: backend.jobs.length,
      };
    }),
    answerCall('downloadGeneratedDocument', (call) => {
      record(backend, call);
      const key = decodeURIComponent(call.params.s3_key);
      return {
        download_url: `/files/signed/${encodeURIComponent(key)}`,
        filename: key.slice(key.lastIndexOf('/') + 1),
      };
    }),
    answerCall('defaultsAvailable', (call) => {
      record(backend, call);
      return { available: backend.defaultsAvailable };
    }),
    answerCall('listDefaultLookupTypes', () => ({ lookup_types: DEFAULT_TYPES })),
    answerCall('listDefaultLookups', () => ({ lookups: DEFAULT_PROMPTS })),
    answerCallWith('listReportTemplates', { templates: [makeReportTemplate()] }),
    answerCallWith('listStructuredTemplates', {
      templates: [
        makeStructuredTemplateListItem(),
        makeStructuredTemplateListItem({
          ID_Template: 32,
          template_name: 'Retired layout',
          is_active: false,
        }),
      ],
    }),
  ];
}
