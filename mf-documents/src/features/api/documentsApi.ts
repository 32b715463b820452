// The document calls of part 2 §7 ("Documents"): only this remote makes them, so they live here.
import type {
  DocumentDeleteResponse,
  DocumentUploadResponse,
  DocumentValidationResult,
  DownloadLinkResponse,
  PatientDocumentListResponse,
  ProcessingCapabilities,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

const patientPath = (patientId: number) => encodeURIComponent(patientId);

/** Checks a file's name and size with the server before it is sent (part 2 §5). */
export async function validateDocument(
  filename: string,
  fileSize: number,
): Promise<DocumentValidationResult> {
  const { data } = await apiClient.post<DocumentValidationResult>('/api/documents/validate', {
    filename,
    fileSize,
  });
  return data;
}

export interface UploadDocumentOptions {
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data. `patient_id` goes before `file` so the server knows the patient (and can
 * refuse) before it reads the file's bytes.
 */
export async function uploadDocument(
  patientId: number,
  file: File,
  { onProgress, signal }: UploadDocumentOptions = {},
): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('file', file, file.name);
  const { data } = await apiClient.post<DocumentUploadResponse>('/api/documents/upload', form, {
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  return data;
}

export async function listPatientDocuments(patientId: number): Promise<PatientDocumentListResponse> {
  const { data } = await apiClient.get<PatientDocumentListResponse>(
    `/api/documents/patient/${patientPath(patientId)}`,
  );
  return data;
}

// The signed link to a file is the page viewer's call too, so it lives in the shared kit.
export { getDocumentDownload } from '@ewrt/shared/kit';

export async function deleteDocument(patientId: number, s3Key: string): Promise<DocumentDeleteResponse> {
  const { data } = await apiClient.delete<DocumentDeleteResponse>(
    `/api/documents/delete/${patientPath(patientId)}`,
    {
      data: { s3_key: s3Key },
    },
  );
  return data;
}

/** Starts the rebuild of the patient's index as a background job. */
export async function rebuildPatientVectors(patientId: number): Promise<RebuildVectorsResponse> {
  const { data } = await apiClient.post<RebuildVectorsResponse>(
    `/api/documents/patient/${patientPath(patientId)}/rebuild-vectors`,
  );
  return data;
}

/** Has the server write `patient_{id}_document_list.txt` naming these files; answers a link to it. */
export async function generateFileList(
  patientId: number,
  filenames: readonly string[],
): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.post<DownloadLinkResponse>(
    `/api/documents/patient/${patientPath(patientId)}/generate-file-list`,
    { file_list: filenames },
  );
  return data;
}

/** What the server can read (OCR of scanned pages among it): advisory, for the processing screens. */
export async function getProcessingCapabilities(): Promise<ProcessingCapabilities> {
  const { data } = await apiClient.get<ProcessingCapabilities>('/api/documents/capabilities');
  return data;
}
