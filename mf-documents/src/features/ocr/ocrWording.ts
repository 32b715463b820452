// The words the document lists use for pages read by OCR. What a source and the page view say of a passage read
// by OCR is in the shared kit (OcrPassageNote), as every screen that shows a source says it alike.

/** "page 12" or "pages 12, 14": 1-based page numbers as given. */
export function pageList(pages: readonly number[]): string {
  return `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;
}
