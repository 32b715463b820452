import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { encodableText } from './encodableText.js';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

const MARGIN_X = 56.7;
const MARGIN_TOP = 56.7;
/** Leaves the bottom free for the bundle's page number. */
const MARGIN_BOTTOM = 70;
const FONT_SIZE = 10.5;
const LINE_HEIGHT = 14;

export interface RenderedText {
  pdf: Uint8Array;
  /** `firstPageOf[p - 1]`: the PDF page (1-based) where the text's page p begins. */
  firstPageOf: number[];
  pageCount: number;
}

/** Wraps one line of text to the width, breaking inside a word only when the word alone is too wide. */
export function wrapLine(line: string, fits: (text: string) => boolean): string[] {
  if (fits(line)) return [line];
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(/(?<=\s)/)) {
    const candidate = current + word;
    if (fits(candidate.trimEnd())) {
      current = candidate;
      continue;
    }
    if (current.trim() !== '') lines.push(current.trimEnd());
    let rest = word;
    while (!fits(rest.trimEnd())) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current.trim() !== '' || lines.length === 0) lines.push(current.trimEnd());
  return lines;
}

/**
 * Lays pages of plain text out on A4 pages in Helvetica 10.5 pt: long lines wrap, and a page of text that does
 * not fit on one sheet continues on the next, so a source page may take several PDF pages. An empty source page
 * still gets its own sheet, so every source page has a place. Yields between sheets: this runs inside the API
 * process.
 */
export async function renderTextAsPdf(pages: readonly string[]): Promise<RenderedText> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const clean = encodableText(font);
  const width = A4.width - 2 * MARGIN_X;
  const fits = (text: string) => font.widthOfTextAtSize(text, FONT_SIZE) <= width;
  const linesPerSheet = Math.floor((A4.height - MARGIN_TOP - MARGIN_BOTTOM) / LINE_HEIGHT);
  const firstPageOf: number[] = [];
  for (const text of pages) {
    const lines = clean(text)
      .split('\n')
      .flatMap((line) => wrapLine(line, fits));
    // Trailing blank lines would only push a sheet of nothing onto the next page.
    while (lines.length > 1 && lines[lines.length - 1]!.trim() === '') lines.pop();
    firstPageOf.push(pdf.getPageCount() + 1);
    for (let start = 0; start === 0 || start < lines.length; start += linesPerSheet) {
      const sheet = pdf.addPage([A4.width, A4.height]);
      lines.slice(start, start + linesPerSheet).forEach((line, index) => {
        if (line === '') return;
        sheet.drawText(line, {
          x: MARGIN_X,
          y: A4.height - MARGIN_TOP - FONT_SIZE - index * LINE_HEIGHT,
          size: FONT_SIZE,
          font,
          color: rgb(0, 0, 0),
        });
      });
      await nextTurnOfEventLoop();
    }
  }
  return { pdf: await pdf.save(), firstPageOf, pageCount: pdf.getPageCount() };
}
