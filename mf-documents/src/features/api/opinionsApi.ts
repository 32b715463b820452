// The opinion document calls of OPN-02, OPN-04 that the upload and management screens make. The
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
import { callApi } from '@ewrt/shared';
import { uploadConfig, type UploadDocumentOptions } from './documentsApi';

/** Checks an opinion document's name and size with the server before it is sent (OPN-02). */
export function validateOpinionDocument(
  filename: string,
  fileSize: number,
): Promise<DocumentValidationResult> {
  return callApi('validateOpinionDocument', { body: { filename, fileSize } });
}

/**
 * Sends one opinion document as multipart/form-data. `user_id` goes before `file` so the server can refuse an id
 * that is not the caller's before it reads the file's bytes.
 */
export function uploadOpinionDocument(
  userId: number,
  file: File,
  options: UploadDocumentOptions = {},
): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('user_id', String(userId));
  form.append('file', file, file.name);
  return callApi('uploadOpinionDocument', { form }, uploadConfig(file, options));
}

/** The state of one of the user's opinion processing jobs. */
export function getOpinionJobStatus(jobId: number, signal?: AbortSignal): Promise<JobStatusResponse> {
  return callApi('getOpinionJobStatus', { params: { jobId } }, { signal });
}

export function listOpinionDocuments(): Promise<OpinionDocumentListResponse> {
  return callApi('listOpinionDocuments');
}

/** A short-lived signed link to one of the user's opinion documents; save it with downloadFromLink. */
export function getOpinionDocumentDownload(s3Key: string): Promise<DownloadLinkResponse> {
  return callApi('getOpinionDocumentDownload', { params: { s3_key: s3Key } });
}

export function deleteOpinionDocument(s3Key: string): Promise<DocumentDeleteResponse> {
  return callApi('deleteOpinionDocument', { body: { s3_key: s3Key } });
}

/** Starts the rebuild of the user's opinion index as a background job. */
export function rebuildOpinionVectors(): Promise<RebuildVectorsResponse> {
  return callApi('rebuildOpinionVectors');
}

/** The name of the user's generated opinion file list. */
export const OPINION_FILE_LIST_NAME = 'opinion_documents_list.txt';

/** Has the server write a text file naming these opinion documents; answers a link to it. */
export function generateOpinionFileList(filenames: readonly string[]): Promise<DownloadLinkResponse> {
  return callApi('generateOpinionFileList', { body: { file_list: [...filenames] } });
}
