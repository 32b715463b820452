import { readFile } from 'node:fs/promises';
import { extractDocPages } from './extractDocPages.js';
import { extractDocxPages } from './extractDocxPages.js';
import { extractPdfPages } from './extractPdfPages.js';
import { extractTextFilePages } from './extractTextFilePages.js';
import type { DocumentFileType, ExtractedDocument } from './ExtractedDocument.js';

export interface ReadDocumentOptions {
  /** A Word file as LibreOffice laid it out (a PDF), or null: without LibreOffice, or when it failed. */
  layout: Uint8Array | null;
  /** Told as pages are read: for a PDF after each batch of pages, otherwise once at the end. */
  onPages?: (done: number, total: number) => void;
}

/** Reads a stored file's text page by page (runs inside the extraction worker: all of it is CPU work). */
export async function readDocument(
  filePath: string,
  fileType: DocumentFileType,
  options: ReadDocumentOptions,
): Promise<ExtractedDocument> {
  const onPages = options.onPages ?? (() => undefined);
  const finished = (document: ExtractedDocument) => {
    onPages(document.pages.length, document.pages.length);
    return document;
  };
  switch (fileType) {
    case 'pdf':
      return {
        pages: await extractPdfPages(new Uint8Array(await readFile(filePath)), onPages),
        pageSource: 'pdf',
      };
    case 'txt':
      return finished({
        pages: extractTextFilePages(new Uint8Array(await readFile(filePath))),
        pageSource: 'text-form-feeds',
      });
    case 'docx':
    case 'doc': {
      if (options.layout) {
        return { pages: await extractPdfPages(options.layout, onPages), pageSource: 'libreoffice-layout' };
      }
      return fileType === 'docx'
        ? finished({ pages: await extractDocxPages(filePath), pageSource: 'docx-page-breaks' })
        : finished({ pages: await extractDocPages(filePath), pageSource: 'doc-without-pages' });
    }
  }
}
