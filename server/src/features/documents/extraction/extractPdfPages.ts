import { definePDFJSModule, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { DOCUMENT_READING_LIMITS } from '@ewrt/contract';
import { DocumentLimitError, UnreadableDocumentError, type ExtractedPage } from './ExtractedDocument.js';

/** Fewer visible characters than this on a page that paints an image: a scan, not a text page. */
const MIN_TEXT_LAYER_CHARACTERS = 20;
/**
 * A page that paints an image is read by OCR unless its text layer has at least this many letters, and letters are
 * at least half its visible characters: a typed fax header or a scanner's stamp over a scanned page is not the
 * page's content, and neither is a text layer of stray symbols. A full text page has well over a thousand letters.
 */
const MIN_CONTENT_LETTERS = 200;
const MIN_LETTER_SHARE = 0.5;

/** How much of a text layer is text: its visible characters, and whether letters are at least half of them. */
function measureTextLayer(text: string): { visible: number; letters: number; mostlyLetters: boolean } {
  const visible = text.replace(/\s/g, '').length;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return { visible, letters, mostlyLetters: letters >= visible * MIN_LETTER_SHARE };
}

let pdfjsReady: Promise<void> | null = null;

/** unpdf's bundled pdf.js breaks getOperatorList on Node 20; pdfjs-dist's legacy build works. */
function usePdfjsLegacyBuild(): Promise<void> {
  pdfjsReady ??= definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
  return pdfjsReady;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

function pageText(items: readonly TextItemLike[]): string {
  let text = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.trim();
}

/**
 * The text of every page of a PDF, in order. `onPages` is told after each batch of pages, for progress. A file
 * pdf.js cannot open (damaged, or only a `%PDF` header) rejects with UnreadableDocumentError.
 */
export async function extractPdfPages(
  data: Uint8Array,
  onPages: (done: number, total: number) => void = () => undefined,
): Promise<ExtractedPage[]> {
  await usePdfjsLegacyBuild();
  const pdfjs = await getResolvedPDFJS();
  const imageOperators = new Set<number>([
    pdfjs.OPS.paintImageXObject,
    pdfjs.OPS.paintInlineImageXObject,
    pdfjs.OPS.paintImageMaskXObject,
    pdfjs.OPS.paintImageXObjectRepeat,
  ]);
  let pdf;
  try {
    pdf = await getDocumentProxy(data, { verbosity: pdfjs.VerbosityLevel.ERRORS });
  } catch (error) {
    throw new UnreadableDocumentError('it is not a readable PDF', { cause: error });
  }
  try {
    // The page count is read from the page tree's root: a PDF declaring too many is refused before any page is read.
    if (pdf.numPages > DOCUMENT_READING_LIMITS.maxPages) {
      throw DocumentLimitError.over('has # pages', pdf.numPages, DOCUMENT_READING_LIMITS.maxPages);
    }
    const pages: ExtractedPage[] = [];
    const batch = Math.max(1, Math.ceil(pdf.numPages / 20));
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const text = pageText((await page.getTextContent()).items as TextItemLike[]);
      let hasTextLayer = true;
      let ocrCandidate = false;
      const layer = measureTextLayer(text);
      // Only a page with little text is worth the cost of reading its drawing operators.
      if (layer.letters < MIN_CONTENT_LETTERS || !layer.mostlyLetters) {
        const operators = await page.getOperatorList();
        const paintsImage = operators.fnArray.some((operator) => imageOperators.has(operator));
        // Over a scanned image, a text layer of a few characters or of stray symbols is no text layer at all.
        hasTextLayer = !paintsImage || (layer.visible >= MIN_TEXT_LAYER_CHARACTERS && layer.mostlyLetters);
        ocrCandidate = paintsImage;
      }
      pages.push({ page: number, text, hasTextLayer, ocrCandidate });
      page.cleanup();
      if (number % batch === 0 || number === pdf.numPages) onPages(number, pdf.numPages);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
