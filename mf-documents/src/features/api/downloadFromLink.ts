import { apiClient } from '@ewrt/shared';

/**
 * Saves a file the server made available at a short-lived signed address. The address may be relative to the API
 * (the API lives on another origin than the page); the browser fetches it itself, so no token is needed and
 * large files are not held in memory. Across origins the `download` name is a hint only: the server's
 * Content-Disposition names the file.
 */
export function downloadFromLink(downloadUrl: string, filename: string): void {
  const base = apiClient.defaults.baseURL ?? window.location.origin;
  const href = new URL(downloadUrl, base.endsWith('/') ? base : `${base}/`).toString();
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}
