import { apiClient } from '@ewrt/shared';
import { followDownloadLink } from './followDownloadLink';

/**
 * Saves a file the server made available at a short-lived signed address. The address may be relative to the API
 * (the API lives on another origin than the page); the browser fetches it itself, so no token is needed and
 * large files are not held in memory. Across origins the `download` name is a hint only: the server's
 * Content-Disposition names the file.
 */
export function downloadFromLink(downloadUrl: string, filename: string): void {
  const base = apiClient.defaults.baseURL ?? window.location.origin;
  followDownloadLink(new URL(downloadUrl, base.endsWith('/') ? base : `${base}/`).toString(), filename);
}
