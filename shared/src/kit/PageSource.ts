import type { DocumentPageResponse, DownloadLinkResponse, PageImageResponse } from '@ewrt/contract';

/** What the page view asks of a page image: a resolution and, on the cited page, the passage to mark. */
export interface PageImageRequest {
  dpi: number;
  chunkId?: number;
}

/** The query string of a page image call. */
export const pageImageParams = (request: PageImageRequest) => ({
  dpi: request.dpi,
  ...(request.chunkId === undefined ? {} : { chunk_id: request.chunkId }),
});

/**
 * Whose pages the page viewer shows, as it needs them: a patient's records or the user's own opinion documents.
 * Each screen builds one (memoised: a new source reloads the page).
 */
export interface PageSource {
  /** A page's indexed text, with where each passage sits in it (the accessible reading of the page). */
  getPage: (s3Key: string, page: number) => Promise<DocumentPageResponse>;
  /** A page as it looks: a link to its image, its words and the asked passage's rectangles. */
  getPageImage: (s3Key: string, page: number, request: PageImageRequest) => Promise<PageImageResponse>;
  /** A signed link to the document's original file. */
  getDownloadLink: (s3Key: string) => Promise<DownloadLinkResponse>;
  /** Opens the patient's latest bundle at a page (absent for opinion documents, which are in no bundle). */
  openBundlePage?: (bundlePage: number) => Promise<void>;
}
