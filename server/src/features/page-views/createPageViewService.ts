import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { PAGE_IMAGE_DPIS, type PageImageResponse } from '@ewrt/contract';
import type { Database } from '../../db/Database.js';
import { forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import {
  CONVERSATION_MESSAGES,
  type ConversationTarget,
} from '../conversations/createConversationService.js';
import {
  createDocumentPageReader,
  type PageViewDocument,
} from '../conversations/createDocumentPageReader.js';
import { rebuildPageText } from '../conversations/rebuildPageText.js';
import { convertWithLibreOffice } from '../documents/extraction/convertWithLibreOffice.js';
import { extractTextFilePages } from '../documents/extraction/extractTextFilePages.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import { newStorageKey, type FileStore } from '../../platform/files/FileStore.js';
import { OPINION_MESSAGES } from '../opinions/createOpinionService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import { alignWordsToText } from './alignWordsToText.js';
import { passageBoxes } from './passageBoxes.js';
import type { PageWord } from './PageWord.js';
import { createPageViewRepository } from './pageViewRepository.js';
import { readTextLayerWords } from './readTextLayerWords.js';
import { renderPageImage } from './renderPageImage.js';
import { renderTextPageAsPdf } from './renderTextPageAsPdf.js';

export const PAGE_VIEW_MESSAGES = {
  noPoppler:
    'The page cannot be shown as an image on this server: poppler-utils (pdftoppm, pdftotext) is not installed',
  noLibreOffice:
    'The page of a Word file can be shown as an image only when LibreOffice is installed on the server: use its text',
  wordPagesDiffer:
    'This Word file was read without LibreOffice, so its pages are not the printed ones: use its text',
  notDrawn: 'The page could not be drawn as an image: download the original file instead',
  passageNotOnPage: 'That passage is not on this page',
} as const;

export interface PageViewCommands {
  pdftoppmCommand: string | null;
  pdftotextCommand: string | null;
  libreOfficeCommand: string | null;
}

export interface PageViewServiceDeps {
  db: Database;
  files: FileStore;
  links: DownloadLinks;
  commands: PageViewCommands;
  /** OCR words below this confidence (0–100) are marked for checking. */
  lowConfidenceThreshold: number;
  log: FastifyBaseLogger;
}

/** A PDF whose page `page` is the document's page, on local disk for the poppler commands. */
type PagePdf = <T>(use: (pdfPath: string, page: number) => Promise<T>) => Promise<T>;

/**
 * The page view: a document's page as it looks (drawn by pdftoppm and kept in the file store per resolution), the
 * words drawn on it (the text layer's from pdftotext, kept once read; a scanned page's from the OCR that read it),
 * and the rectangles that mark a passage. The document is found exactly as the page's text is (a patient's within
 * the caller's group, with document tools and full access; an opinion document only among the caller's own), and
 * the image is fetched through a signed, short-lived download link made for the caller.
 */
export function createPageViewService(deps: PageViewServiceDeps) {
  const { db, files, links, commands } = deps;
  const documents = createDocumentPageReader(db);
  const views = createPageViewRepository(db);

  async function documentFor(
    user: AuthenticatedUser,
    target: ConversationTarget,
    storageKey: string,
    audit: RequestAudit,
  ): Promise<PageViewDocument> {
    let document: PageViewDocument | null;
    if (target.kind === 'patient') {
      const patient = await findPatientForTools(db, user, target.patientId, audit);
      document = await documents.findOfPatient(patient.ID_Patient, patient.ID_Group, storageKey);
    } else {
      audit.describe({ details: { scope: 'opinions' } });
      if (!hasUserFeature(user, 'advanced-tools')) throw forbidden(OPINION_MESSAGES.noAdvancedTools);
      document = await documents.findOfOwner(user.id, storageKey);
    }
    if (!document) throw notFound(CONVERSATION_MESSAGES.documentNotFound);
    return document;
  }

  /** The PDF a Word file was printed to by LibreOffice, made once and kept in the store. */
  async function printoutOf(document: PageViewDocument): Promise<string> {
    const stored = await views.printout(document.id);
    if (stored) return stored;
    if (!commands.libreOfficeCommand) throw new HttpError(422, PAGE_VIEW_MESSAGES.noLibreOffice);
    const pdf = await files.withLocalFile(document.storageKey, (filePath) =>
      convertWithLibreOffice(commands.libreOfficeCommand!, filePath, document.fileType as 'docx' | 'doc'),
    );
    // Its pages are the ones the citations name only when the file was read from LibreOffice's layout.
    const printed = await PDFDocument.load(pdf, { updateMetadata: false });
    if (printed.getPageCount() !== document.pageCount) {
      throw new HttpError(422, PAGE_VIEW_MESSAGES.wordPagesDiffer);
    }
    const key = newStorageKey();
    await files.put(key, Readable.from([Buffer.from(pdf)]));
    if (await views.savePrintout(document.id, key)) return key;
    await files.remove(key);
    return (await views.printout(document.id))!;
  }

  /** Where the document's page is drawn from: the PDF itself, a Word file's printout, a text page set as a page. */
  async function pagePdfOf(document: PageViewDocument, page: number): Promise<PagePdf> {
    if (document.fileType === 'pdf') {
      return (use) => files.withLocalFile(document.storageKey, (pdfPath) => use(pdfPath, page));
    }
    if (document.fileType === 'txt') {
      const pages = await files.withLocalFile(document.storageKey, async (filePath) =>
        extractTextFilePages(new Uint8Array(await readFile(filePath))),
      );
      const pdf = await renderTextPageAsPdf(pages[page - 1]?.text ?? '');
      return async (use) => {
        const workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-page-'));
        try {
          const pdfPath = path.join(workDir, 'page.pdf');
          await writeFile(pdfPath, pdf);
          return await use(pdfPath, 1);
        } finally {
          await rm(workDir, { recursive: true, force: true });
        }
      };
    }
    const printout = await printoutOf(document);
    return (use) => files.withLocalFile(printout, (pdfPath) => use(pdfPath, page));
  }

  async function imageOf(document: PageViewDocument, page: number, dpi: number, pdf: () => Promise<PagePdf>) {
    const stored = await views.image(document.id, page, dpi);
    if (stored) return stored;
    let drawn;
    try {
      drawn = await (
        await pdf()
      )((pdfPath, sourcePage) => renderPageImage(commands.pdftoppmCommand!, pdfPath, sourcePage, dpi));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      deps.log.warn({ err: error, documentId: document.id, page }, 'drawing a page for the page view failed');
      throw new HttpError(422, PAGE_VIEW_MESSAGES.notDrawn);
    }
    const image = { storageKey: newStorageKey(), width: drawn.width, height: drawn.height };
    await files.put(image.storageKey, Readable.from([drawn.png]));
    if (await views.saveImage(document.id, page, dpi, image)) return image;
    // Another request drew the same page at the same moment: its image is kept, this one goes.
    await files.remove(image.storageKey);
    return (await views.image(document.id, page, dpi))!;
  }

  async function wordsOf(document: PageViewDocument, page: number, pdf: () => Promise<PagePdf>) {
    let textLayer = await views.textLayerWords(document.id, page);
    if (!textLayer) {
      textLayer = await (
        await pdf()
      )((pdfPath, sourcePage) => readTextLayerWords(commands.pdftotextCommand!, pdfPath, sourcePage));
      await views.saveTextLayerWords(document.id, page, textLayer);
    }
    // A mixed page's text is its text layer followed by what OCR read beyond it: the words come in that order too.
    return [...textLayer, ...(await views.ocrWords(document.id, page))];
  }

  return {
    async pageImage(
      user: AuthenticatedUser,
      target: ConversationTarget,
      request: { storageKey: string; page: number; dpi?: number; chunkId?: number },
      origin: string,
      audit: RequestAudit,
    ): Promise<PageImageResponse> {
      const document = await documentFor(user, target, request.storageKey, audit);
      const { page } = request;
      const dpi = request.dpi ?? PAGE_IMAGE_DPIS[0];
      audit.describe({ details: { document_id: document.id, filename: document.filename, page, dpi } });
      if (document.pageCount === null || page > document.pageCount) {
        throw notFound(CONVERSATION_MESSAGES.pageNotFound);
      }
      if (!commands.pdftoppmCommand || !commands.pdftotextCommand) {
        throw new HttpError(422, PAGE_VIEW_MESSAGES.noPoppler);
      }
      let source: PagePdf | null = null;
      const pdf = async () => (source ??= await pagePdfOf(document, page));
      const image = await imageOf(document, page, dpi, pdf);
      const words: PageWord[] = await wordsOf(document, page, pdf);
      const passages = await documents.passagesOfPage(document.id, page);
      const rebuilt = rebuildPageText(passages);
      const placed = alignWordsToText(words, rebuilt.text);
      let boxes: PageImageResponse['passage_boxes'] = [];
      if (request.chunkId !== undefined) {
        const passage = rebuilt.passages.find((candidate) => candidate.chunk_id === request.chunkId);
        if (!passage) throw notFound(PAGE_VIEW_MESSAGES.passageNotOnPage);
        boxes = passageBoxes(placed, passage.start_offset, passage.end_offset);
      }
      const token = links.sign({ storageKey: image.storageKey, userId: user.id });
      return {
        s3_key: document.storageKey,
        page,
        page_count: document.pageCount,
        dpi,
        image_url: `${origin}/api/files/${token}`,
        width: image.width,
        height: image.height,
        words: words.map((word) => ({
          text: word.text,
          x: word.x,
          y: word.y,
          width: word.width,
          height: word.height,
          ocr_confidence: word.confidence,
          low_confidence: word.confidence !== null && word.confidence < deps.lowConfidenceThreshold,
        })),
        passage_boxes: boxes,
      };
    },
  };
}

export type PageViewService = ReturnType<typeof createPageViewService>;
