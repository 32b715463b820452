import type { ApiCallName } from '@ewrt/contract';
import { CALL_ROUTES } from '@ewrt/contract/callRoutes';
import type { AxiosRequestConfig } from 'axios';
import { apiClient, callPath, type CallRequest } from '@ewrt/shared';
import { followDownloadLink } from './followDownloadLink';

/** A file the server produced (a .docx export), ready to be saved under the name it gave. */
export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file name a Content-Disposition header gives: RFC 6266's `filename*` (UTF-8, percent-encoded) first, since it
 * carries names with accents, else the plain `filename`; the fallback when the header names none.
 */
export function filenameFromContentDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const decoded = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
      if (decoded) return decoded;
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').replace(/\\(.)/g, '$1').trim();
  return name || fallback;
}

/**
 * A failed blob request carries its JSON error body as a Blob; reading it back lets the screen show the
 * server's message like for any other call.
 */
async function withReadableErrorBody(error: unknown): Promise<never> {
  const response =
    typeof error === 'object' && error !== null
      ? (error as { response?: { data?: unknown } }).response
      : undefined;
  if (response?.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text()) as unknown;
    } catch {
      // Not JSON: the screen falls back to its own message.
    }
  }
  throw error;
}

/** Sends the request for a file, named by its Content-Disposition, else `fallbackName`. */
async function fetchFile(config: AxiosRequestConfig, fallbackName: string): Promise<ExportedFile> {
  try {
    const response = await apiClient.request<Blob>({ ...config, responseType: 'blob' });
    const header = response.headers['content-disposition'] as string | undefined;
    return { blob: response.data, filename: filenameFromContentDisposition(header, fallbackName) };
  } catch (error) {
    return withReadableErrorBody(error);
  }
}

/**
 * Asks the API for a file it produces: a GET, or a POST with `body`. Named by its Content-Disposition, else
 * `fallbackName` (which is what the spec names chat and research exports).
 */
export function requestFile(
  request: { url: string; body?: unknown },
  fallbackName: string,
): Promise<ExportedFile> {
  return fetchFile(
    { method: request.body === undefined ? 'GET' : 'POST', url: request.url, data: request.body },
    fallbackName,
  );
}

/** requestFile for the named call of the contract: its method and path from it, what it takes checked against it. */
export function requestCallFile<Name extends ApiCallName>(
  name: Name,
  request: CallRequest<Name>,
  fallbackName: string,
): Promise<ExportedFile> {
  const { params, query, body } = request as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  return fetchFile(
    { method: CALL_ROUTES[name].method, url: callPath(name, params), params: query, data: body },
    fallbackName,
  );
}

/** Hands a file the page already holds to the browser's download, under the name it was given. */
export function saveExportedFile({ blob, filename }: ExportedFile): void {
  const href = URL.createObjectURL(blob);
  try {
    followDownloadLink(href, filename);
  } finally {
    // Revoked after the click has been dispatched; the download keeps its own reference.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
