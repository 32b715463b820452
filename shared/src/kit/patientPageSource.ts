// The calls behind the page viewer for a patient's records: any screen that shows where a fact came from opens the
// page through these, so every screen shows it with the same access checks and the same words.
import type { DocumentPageResponse, DownloadLinkResponse, PageImageResponse } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';
import { pageImageParams, type PageImageRequest, type PageSource } from './PageSource';

/** One page of one of the patient's documents as indexed. */
export function getPatientDocumentPage(
  patientId: number,
  s3Key: string,
  page: number,
): Promise<DocumentPageResponse> {
  return callApi('getDocumentPage', { params: { patientId, s3_key: s3Key, page } });
}

/** One page of one of the patient's documents as it looks, with its words and the passage's rectangles. */
export function getPatientPageImage(
  patientId: number,
  s3Key: string,
  page: number,
  request: PageImageRequest,
): Promise<PageImageResponse> {
  return callApi('getPatientPageImage', {
    params: { patientId, s3_key: s3Key, page },
    query: pageImageParams(request),
  });
}

/** A short-lived signed link to one of the patient's files; save it with downloadFromLink. */
export function getDocumentDownload(patientId: number, s3Key: string): Promise<DownloadLinkResponse> {
  return callApi('getDocumentDownload', { params: { patientId, s3_key: s3Key } });
}

/** A short-lived signed link to the patient's latest record bundle. */
export function getBundleDownload(patientId: number): Promise<DownloadLinkResponse> {
  return callApi('getBundleDownload', { params: { id: patientId } });
}

/**
 * Opens the patient's latest bundle in a new tab at a bundle page: the signed link asked to show the PDF in the
 * browser rather than save it, and the page given as the PDF viewer's `#page=` fragment.
 */
export async function openBundleAtPage(patientId: number, bundlePage: number): Promise<void> {
  const link = await getBundleDownload(patientId);
  const url = new URL(link.download_url);
  url.searchParams.set('disposition', 'inline');
  url.hash = `page=${bundlePage}`;
  window.open(url.toString(), '_blank', 'noopener');
}

/** The pages of one patient's records, for the page viewer. */
export function patientPageSource(patientId: number): PageSource {
  return {
    getPage: (s3Key, page) => getPatientDocumentPage(patientId, s3Key, page),
    getPageImage: (s3Key, page, request) => getPatientPageImage(patientId, s3Key, page, request),
    getDownloadLink: (s3Key) => getDocumentDownload(patientId, s3Key),
    openBundlePage: (bundlePage) => openBundleAtPage(patientId, bundlePage),
  };
}
