/** The file types the server stores and reads (the contract's DOCUMENT_EXTENSIONS, detected from the content). */
export type DocumentFileType = 'pdf' | 'docx' | 'doc' | 'txt';

/** One page's text, 1-based. */
export interface ExtractedPage {
  page: number;
  text: string;
  /** False for a page with (almost) no text but an image: a scan or fax, not searchable without OCR. */
  hasTextLayer: boolean;
  /**
   * True for a PDF page that paints an image and whose text layer is too thin to be the page's content (a scan, a
   * fax, a scanned page with a typed header): its image is read by OCR when the server can.
   */
  ocrCandidate?: boolean;
}

/**
 * How the pages were found, recorded in the job's log and result: the PDF's own pages; LibreOffice's layout of a
 * Word file (the pages a printed bundle shows); the explicit page breaks of a .docx; a .doc read without layout
 * (everything on page 1); form feeds in a text file.
 */
export type PageSource =
  'pdf' | 'libreoffice-layout' | 'docx-page-breaks' | 'doc-without-pages' | 'text-form-feeds';

export interface ExtractedDocument {
  pages: ExtractedPage[];
  pageSource: PageSource;
}

/** A file that cannot be read as the type its content claims (a `%PDF` header on something that is no PDF). */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

/** A document past one of the reading limits (pages, unpacked size…): the message names the limit. */
export class DocumentLimitError extends UnreadableDocumentError {
  override name = 'DocumentLimitError';

  /** "it has 60,000 pages; the limit is 10,000": what was found, then the limit it passed. */
  static over(found: string, value: number, limit: number): DocumentLimitError {
    const count = (number: number) => number.toLocaleString('en-GB');
    return new DocumentLimitError(`it ${found.replace('#', count(value))}; the limit is ${count(limit)}`);
  }
}

/** 1-based numbers of the pages whose image is to be read by OCR. */
export function ocrCandidates(document: ExtractedDocument): number[] {
  return document.pages.filter((page) => page.ocrCandidate === true).map((page) => page.page);
}

/** 1-based numbers of the pages without a text layer. */
export function pagesWithoutText(document: ExtractedDocument): number[] {
  return document.pages.filter((page) => !page.hasTextLayer).map((page) => page.page);
}
