import { getBundleDownload } from '../api/bundleApi';

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
