import { followDownloadLink } from '@ewrt/shared/kit';
import type { ExportedFile } from '../api/conversationApi';

/** Hands a file the page already holds to the browser's download, under the name the server gave it. */
export function saveExportedFile({ blob, filename }: ExportedFile): void {
  const href = URL.createObjectURL(blob);
  try {
    followDownloadLink(href, filename);
  } finally {
    // Revoked after the click has been dispatched; the download keeps its own reference.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
