// The opinion document calls of part 2 §7 ("Opinion documents") that the upload and management screens make. The
// corpus is the signed-in user's own: no call names a patient, and the server answers only for the caller.
import type {
  DocumentDeleteResponse,
  DocumentUploadResponse,
  DocumentValidationResult,
  DownloadLinkResponse,
  JobStatusResponse,
  OpinionDocumentListResponse,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';
import type { UploadDocumentOptions } from './documentsApi';

/** Checks an opinion document's name and size with the server before it is sent (part 2 §5). */
export async function validateOpinionDocument(
  filename: string,
  fileSize: number,
): Promise<DocumentValidationResult> {
  const { data } = await apiClient.post<DocumentValidationResult>('/api/opinions/documents/validate', {
    filename,
    fileSize,
  });
  return data;
}

/**
 * Sends one opinion document as multipart/form-data. `user_id` goes before `file` so the server can refuse an id
 * that is not the caller's before it reads the file's bytes.
 */
export async function uploadOpinionDocument(
  userId: number,
  file: File,
  { onProgress, signal }: UploadDocumentOptions = {},
): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('user_id', String(userId));
  form.append('file', file, file.name);
  const { data } = await apiClient.post<DocumentUploadResponse>('/api/opinions/documents/upload', form, {
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  return data;
}

/** The state of one of the user's opinion processing jobs. */
export async function getOpinionJobStatus(jobId: number, signal?: AbortSignal): Promise<JobStatusResponse> {
  const { data } = await apiClient.get<JobStatusResponse>(
    `/api/opinions/jobs/${encodeURIComponent(jobId)}/status`,
    { signal },
  );
  return data;
}

export async function listOpinionDocuments(): Promise<OpinionDocumentListResponse> {
  const { data } = await apiClient.get<OpinionDocumentListResponse>('/api/opinions/documents');
  return data;
}

/** A short-lived signed link to one of the user's opinion documents; save it with downloadFromLink. */
export async function getOpinionDocumentDownload(s3Key: string): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.get<DownloadLinkResponse>(
    `/api/opinions/documents/download/${encodeURIComponent(s3Key)}`,
  );
  return data;
}

export async function deleteOpinionDocument(s3Key: string): Promise<DocumentDeleteResponse> {
  const { data } = await apiClient.delete<DocumentDeleteResponse>('/api/opinions/documents/delete', {
    data: { s3_key: s3Key },
  });
  return data;
}

/** Starts the rebuild of the user's opinion index as a background job. */
export async function rebuildOpinionVectors(): Promise<RebuildVectorsResponse> {
  const { data } = await apiClient.post<RebuildVectorsResponse>('/api/opinions/documents/rebuild-vectors');
  return data;
}

/** The name of the user's generated opinion file list. */
export const OPINION_FILE_LIST_NAME = 'opinion_documents_list.txt';

/** Has the server write a text file naming these opinion documents; answers a link to it. */
export async function generateOpinionFileList(filenames: readonly string[]): Promise<DownloadLinkResponse> {
  const { data } = await apiClient.post<DownloadLinkResponse>('/api/opinions/documents/generate-file-list', {
    file_list: filenames,
  });
  return data;
}
