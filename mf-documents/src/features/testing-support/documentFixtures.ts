// Test data for the documents and jobs calls (used by every mf-documents test): plausible values, override any field.
import type {
  DocumentDeleteResponse,
  DocumentValidationResult,
  Job,
  JobStatusResponse,
  PatientDocument,
  PatientDocumentListResponse,
  ProcessingCapabilities,
} from '@ewrt/contract';

export function makePatientDocument(overrides: Partial<PatientDocument> = {}): PatientDocument {
  return {
    filename: 'discharge-summary.pdf',
    size_bytes: 245_760,
    processed_date: '2026-01-06T10:20:00.000Z',
    process_id: '41',
    s3_key: 'a1b2c3d4e5f6a7b8c9d0',
    file_type: 'pdf',
    chunk_count: 12,
    page_count: 4,
    pages_without_text: [],
    ...overrides,
  };
}

/** A listing of these documents, with totals computed from them (the vector count from their chunks). */
export function makePatientDocumentList(
  documents: PatientDocument[] = [makePatientDocument()],
  overrides: Partial<PatientDocumentListResponse> = {},
): PatientDocumentListResponse {
  const totalBytes = documents.reduce((sum, document) => sum + document.size_bytes, 0);
  return {
    documents,
    total_documents: documents.length,
    total_size_mb: Math.round((totalBytes / (1024 * 1024)) * 100) / 100,
    vector_count: documents.reduce((sum, document) => sum + document.chunk_count, 0),
    ...overrides,
  };
}

/** A deletion's answer: deleted, and the index rebuilt after it unless `autoRebuild` says otherwise. */
export function makeDocumentDeleteResponse(
  autoRebuild: Partial<DocumentDeleteResponse['auto_rebuild']> = {},
): DocumentDeleteResponse {
  return {
    success: true,
    message: 'Document deleted',
    repositories_deleted: 1,
    auto_rebuild: {
      performed: true,
      success: true,
      vectors_rebuilt: 12,
      repositories_processed: 1,
      message: 'Index updated',
      ...autoRebuild,
    },
  };
}

export function makeValidationResult(
  overrides: Partial<DocumentValidationResult> = {},
): DocumentValidationResult {
  return { valid: true, errors: [], file_type: 'pdf', file_size_mb: 0.01, ...overrides };
}

/** A server that reads scanned pages (OCR available); override `ocr` for one that cannot. */
export function makeProcessingCapabilities(
  ocr: Partial<ProcessingCapabilities['ocr']> = {},
): ProcessingCapabilities {
  return {
    ocr: {
      available: true,
      message: null,
      install_command: null,
      concurrency: 2,
      low_confidence_threshold: 60,
      ...ocr,
    },
    libreoffice: { available: true },
  };
}

/** A running document-processing job of patient 101. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 41,
    status: 'running',
    job_type: 'document_processing',
    input_data: { filename: 'discharge-summary.pdf', file_size_mb: 0.23 },
    progress_percentage: 40,
    current_step_description: 'Extracting text',
    created_at: '2026-01-06T10:15:00.000Z',
    started_at: '2026-01-06T10:15:01.000Z',
    completed_at: null,
    error_message: null,
    output_data: null,
    patient_id: 101,
    ...overrides,
  };
}

/** The status answer for this job: its state at the top level as well as inside `job`. */
export function makeJobStatusResponse(
  job: Job = makeJob(),
  detail: Partial<Pick<JobStatusResponse, 'progress_steps' | 'recent_logs'>> = {},
): JobStatusResponse {
  return {
    status: job.status,
    progress_percentage: job.progress_percentage,
    current_step_description: job.current_step_description,
    error_message: job.error_message,
    output_data: job.output_data,
    job,
    progress_steps: detail.progress_steps ?? [],
    recent_logs: detail.recent_logs ?? [],
  };
}

/** A finished document-processing job that created this many chunks. */
export function makeCompletedJob(chunksCreated: number, overrides: Partial<Job> = {}): Job {
  return makeJob({
    status: 'completed',
    progress_percentage: 100,
    current_step_description: 'Completed',
    completed_at: '2026-01-06T10:16:00.000Z',
    output_data: { processing_result: { chunks_created: chunksCreated } },
    ...overrides,
  });
}
