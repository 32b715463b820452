import { readFile } from 'node:fs/promises';
import { convertWithLibreOffice } from './convertWithLibreOffice.js';
import { extractDocPages } from './extractDocPages.js';
import { extractDocxPages } from './extractDocxPages.js';
import { extractPdfPages } from './extractPdfPages.js';
import { extractTextFilePages } from './extractTextFilePages.js';
import type { DocumentFileType, ExtractedDocument } from './ExtractedDocument.js';

export interface ReadDocumentOptions {
  /** The LibreOffice command, or null when it is not installed or turned off. */
  libreOfficeCommand: string | null;
  /** Told as pages are read: for a PDF after each batch of pages, otherwise once at the end. */
  onPages?: (done: number, total: number) => void;
  /** Told when LibreOffice was tried and failed, before the fallback reads the file itself. */
  onFallback?: (reason: string) => void;
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
      if (options.libreOfficeCommand) {
        try {
          const pdf = await convertWithLibreOffice(options.libreOfficeCommand, filePath, fileType);
          return { pages: await extractPdfPages(pdf, onPages), pageSource: 'libreoffice-layout' };
        } catch (error) {
          options.onFallback?.((error as Error).message);
        }
      }
      return fileType === 'docx'
        ? finished({ pages: await extractDocxPages(filePath), pageSource: 'docx-page-breaks' })
        : finished({ pages: await extractDocPages(filePath), pageSource: 'doc-without-pages' });
    }
  }
}
