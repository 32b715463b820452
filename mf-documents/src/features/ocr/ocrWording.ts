// The words every screen uses for pages read by OCR, so a source, a page view and a document list say it alike.

/** "Read by OCR, confidence 87 %", or "Read by OCR" when the server did not measure a confidence. */
export function ocrReadingText(confidence: number | null | undefined): string {
  return confidence === null || confidence === undefined
    ? 'Read by OCR'
    : `Read by OCR, confidence ${Math.round(confidence)} %`;
}

/** What the expert should do about a passage read by OCR. */
export const CHECK_ORIGINAL_ADVICE = 'check the original page';

/** "page 12" or "pages 12, 14": 1-based page numbers as given. */
export function pageList(pages: readonly number[]): string {
  return `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;
}
