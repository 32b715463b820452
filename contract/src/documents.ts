import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable, RequiredText } from './fieldSchemas.js';
import { DOCUMENT_FILENAME_MAX_LENGTH, FILE_LIST_MAX_ENTRIES, MAX_ID } from './limits.js';

/** A stored file's key (the spec's `s3_key`): made by the server, opaque, never a path. */
export const StorageKeySchema = Type.String({
  pattern: '^[A-Za-z0-9_-]{16,128}$',
  errorMessage: 'Invalid document key',
});

/** One of a patient's processed documents (DOC-01, Patient document listing). */
export const PatientDocumentSchema = Type.Object({
  filename: Type.String(),
  size_bytes: Type.Integer(),
  processed_date: Nullable(IsoDateTime()),
  /** The job that processed it. */
  process_id: Type.String(),
  s3_key: Type.String(),
  /** pdf, docx, doc or txt, as detected from the content. */
  file_type: Type.String(),
  /** Indexed passages of this document. */
  chunk_count: Type.Integer(),
  page_count: Nullable(Type.Integer()),
  /** Pages with no text layer (scans), 1-based. */
  pages_without_text: Type.Array(Type.Integer()),
  /** Pages read by OCR (scans), 1-based; absent or empty when every page had a text layer. */
  ocr_pages: Type.Optional(Type.Array(Type.Integer())),
  /** The mean OCR word confidence (0–100) over the pages read by OCR; null without any. */
  ocr_confidence: Type.Optional(Nullable(Type.Number())),
  /** OCR pages below the confidence threshold: "check the original". */
  low_confidence_pages: Type.Optional(Type.Array(Type.Integer())),
  /** Pages with neither a text layer nor readable OCR text, blank pages apart. */
  unreadable_pages: Type.Optional(Type.Array(Type.Integer())),
  /** Pages that are blank (nothing to read). */
  blank_pages: Type.Optional(Type.Array(Type.Integer())),
  /** Where the document is: being processed, processed (in the index), or failed (kept, not indexed). Always sent. */
  status: Type.Optional(
    Type.Union([Type.Literal('processing'), Type.Literal('processed'), Type.Literal('failed')]),
  ),
});
export type PatientDocument = Static<typeof PatientDocumentSchema>;

export const PatientDocumentListResponseSchema = Type.Object({
  documents: Type.Array(PatientDocumentSchema),
  total_documents: Type.Integer(),
  total_size_mb: Type.Number(),
  /** Indexed passages (chunks) of the patient's records. */
  vector_count: Type.Integer(),
});
export type PatientDocumentListResponse = Static<typeof PatientDocumentListResponseSchema>;

export const DocumentValidationRequestSchema = Type.Object({
  filename: RequiredText(DOCUMENT_FILENAME_MAX_LENGTH, { title: 'File name' }),
  fileSize: Type.Integer({ minimum: 0, errorMessage: 'File size must be a whole number of bytes' }),
});
export type DocumentValidationRequest = Static<typeof DocumentValidationRequestSchema>;

export const DocumentValidationResultSchema = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Array(Type.String()),
  file_type: Nullable(Type.String()),
  file_size_mb: Type.Number(),
});
export type DocumentValidationResult = Static<typeof DocumentValidationResultSchema>;

/** The upload's answer: processing continues as a background job shown in the patient's job list. */
export const DocumentUploadResponseSchema = Type.Object({
  redirect_to: Type.Optional(Type.String()),
  job_id: Type.Optional(Type.Integer()),
  message: Type.String(),
  /** Present when the work was finished within the call. */
  result: Type.Optional(Type.Object({ chunks_created: Type.Integer() })),
});
export type DocumentUploadResponse = Static<typeof DocumentUploadResponseSchema>;

/** A short-lived signed address the browser downloads the file from, and the name to save it under. */
export const DownloadLinkResponseSchema = Type.Object({
  download_url: Type.String(),
  filename: Type.String(),
});
export type DownloadLinkResponse = Static<typeof DownloadLinkResponseSchema>;

export const DocumentDeleteRequestSchema = Type.Object({ s3_key: StorageKeySchema });
export type DocumentDeleteRequest = Static<typeof DocumentDeleteRequestSchema>;

/** Whether removing the document from the index (the spec's automatic rebuild) was done and how it went. */
export const AutoRebuildSchema = Type.Object({
  performed: Type.Boolean(),
  success: Type.Boolean(),
  vectors_rebuilt: Type.Integer(),
  repositories_processed: Type.Integer(),
  message: Type.String(),
});
export type AutoRebuild = Static<typeof AutoRebuildSchema>;

export const DocumentDeleteResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  auto_rebuild: AutoRebuildSchema,
  repositories_deleted: Type.Integer(),
});
export type DocumentDeleteResponse = Static<typeof DocumentDeleteResponseSchema>;

export const RebuildVectorsResponseSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  job_id: Type.Integer(),
});
export type RebuildVectorsResponse = Static<typeof RebuildVectorsResponseSchema>;

export const GenerateFileListRequestSchema = Type.Object({
  file_list: Type.Array(RequiredText(DOCUMENT_FILENAME_MAX_LENGTH, { title: 'File name' }), {
    maxItems: FILE_LIST_MAX_ENTRIES,
  }),
});
export type GenerateFileListRequest = Static<typeof GenerateFileListRequestSchema>;

const PatientIdParams = Type.Object({
  patientId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid patient id' }),
});

export const documentCalls = {
  /** Checks a file's name and size before it is sent; the upload checks them again. */
  validateDocument: defineCall({
    method: 'POST',
    url: '/api/documents/validate',
    schema: {
      body: DocumentValidationRequestSchema,
      response: { 200: DocumentValidationResultSchema, ...ERROR_RESPONSES },
    },
  }),
  /** multipart/form-data with `patient_id` then `file`; answers 202 with the processing job. */
  uploadDocument: defineCall({
    method: 'POST',
    url: '/api/documents/upload',
    schema: { response: { 202: DocumentUploadResponseSchema, ...ERROR_RESPONSES } },
  }),
  listPatientDocuments: defineCall({
    method: 'GET',
    url: '/api/documents/patient/:patientId',
    schema: {
      params: PatientIdParams,
      response: { 200: PatientDocumentListResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  getDocumentDownload: defineCall({
    method: 'GET',
    url: '/api/documents/download/:patientId/:s3_key',
    schema: {
      params: Type.Object({ patientId: PatientIdParams.properties.patientId, s3_key: StorageKeySchema }),
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteDocument: defineCall({
    method: 'DELETE',
    url: '/api/documents/delete/:patientId',
    schema: {
      params: PatientIdParams,
      body: DocumentDeleteRequestSchema,
      response: { 200: DocumentDeleteResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** Re-derives the patient's index from the stored files, as a background job. */
  rebuildPatientVectors: defineCall({
    method: 'POST',
    url: '/api/documents/patient/:patientId/rebuild-vectors',
    schema: { params: PatientIdParams, response: { 202: RebuildVectorsResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Writes `patient_{id}_document_list.txt` and answers a download link for it. */
  generateFileList: defineCall({
    method: 'POST',
    url: '/api/documents/patient/:patientId/generate-file-list',
    schema: {
      params: PatientIdParams,
      body: GenerateFileListRequestSchema,
      response: { 200: DownloadLinkResponseSchema, ...ERROR_RESPONSES },
    },
  }),
};

/** What the server can read: OCR of scanned pages needs tesseract and pdftoppm, Word page layout LibreOffice. */
export const ProcessingCapabilitiesSchema = Type.Object({
  ocr: Type.Object({
    available: Type.Boolean(),
    /** Why not, in words, e.g. "tesseract is not installed". */
    message: Nullable(Type.String()),
    /** The exact command that installs what is missing (Debian), when something is. */
    install_command: Nullable(Type.String()),
    /** Pages read by OCR at once (one process per core). */
    concurrency: Type.Integer(),
    /** Below this mean word confidence (0–100) a page is flagged "check the original". */
    low_confidence_threshold: Type.Number(),
  }),
  libreoffice: Type.Object({ available: Type.Boolean() }),
});
export type ProcessingCapabilities = Static<typeof ProcessingCapabilitiesSchema>;

export const processingCalls = {
  /** Any signed-in user with the documents feature. */
  getProcessingCapabilities: defineCall({
    method: 'GET',
    url: '/api/documents/capabilities',
    schema: { response: { 200: ProcessingCapabilitiesSchema, ...ERROR_RESPONSES } },
  }),
};

/** The signed download address: no bearer token (a browser navigates to it); the signature and expiry decide. */
export const fileCalls = {
  downloadSignedFile: defineCall({
    method: 'GET',
    url: '/api/files/:token',
    schema: {
      params: Type.Object({ token: Type.String({ maxLength: 2048, errorMessage: 'Invalid download link' }) }),
      /** `inline` shows the file in the browser (a PDF opened at `#page=N`) instead of saving it. */
      querystring: Type.Object({
        disposition: Type.Optional(LiteralUnion(['attachment', 'inline'] as const)),
      }),
      response: { ...ERROR_RESPONSES },
    },
  }),
};
