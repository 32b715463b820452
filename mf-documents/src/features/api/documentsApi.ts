// The document calls of DOC-03: only this remote makes them, so they live here.
import type {
  DocumentDeleteResponse,
  DocumentUploadResponse,
  DocumentValidationResult,
  DownloadLinkResponse,
  PatientDocumentListResponse,
  ProcessingCapabilities,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** Checks a file's name and size with the server before it is sent (DOC-03). */
export function validateDocument(filename: string, fileSize: number): Promise<DocumentValidationResult> {
  return callApi('validateDocument', { body: { filename, fileSize } });
}

export interface UploadDocumentOptions {
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The axios settings of a file upload: its cancel signal and its progress as a share of the file. */
export function uploadConfig(file: File, { onProgress, signal }: UploadDocumentOptions) {
  return {
    signal,
    onUploadProgress: (event: { loaded: number; total?: number }) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  };
}

/**
 * Sends one file as multipart/form-data. `patient_id` goes before `file` so the server knows the patient (and can
 * refuse) before it reads the file's bytes.
 */
export function uploadDocument(
  patientId: number,
  file: File,
  options: UploadDocumentOptions = {},
): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('file', file, file.name);
  return callApi('uploadDocument', { form }, uploadConfig(file, options));
}

export function listPatientDocuments(patientId: number): Promise<PatientDocumentListResponse> {
  return callApi('listPatientDocuments', { params: { patientId } });
}

// The signed link to a file is the page viewer's call too, so it lives in the shared kit.
export { getDocumentDownload } from '@ewrt/shared/kit';

export function deleteDocument(patientId: number, s3Key: string): Promise<DocumentDeleteResponse> {
  return callApi('deleteDocument', { params: { patientId }, body: { s3_key: s3Key } });
}

/** Starts the rebuild of the patient's index as a background job. */
export function rebuildPatientVectors(patientId: number): Promise<RebuildVectorsResponse> {
  return callApi('rebuildPatientVectors', { params: { patientId } });
}

/** Has the server write `patient_{id}_document_list.txt` naming these files; answers a link to it. */
export function generateFileList(
  patientId: number,
  filenames: readonly string[],
): Promise<DownloadLinkResponse> {
  return callApi('generateFileList', { params: { patientId }, body: { file_list: [...filenames] } });
}

/** What the server can read (OCR of scanned pages among it): advisory, for the processing screens. */
export function getProcessingCapabilities(): Promise<ProcessingCapabilities> {
  return callApi('getProcessingCapabilities');
}
