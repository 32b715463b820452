import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { encodableText } from '../bundles/encodableText.js';
import { A4, wrapLine } from '../bundles/renderTextAsPdf.js';

const MARGIN = 56.7;
const FONT_SIZE = 10.5;
const LINE_HEIGHT = 14;

/**
 * One page of a text file as a plain page: the bundle's A4 width, font and line spacing, and as tall as its text
 * needs (at least A4), so the whole page of text is one image however long it is.
 */
export async function renderTextPageAsPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const clean = encodableText(font);
  const fits = (line: string) => font.widthOfTextAtSize(line, FONT_SIZE) <= A4.width - 2 * MARGIN;
  const lines = clean(text)
    .split('\n')
    .flatMap((line) => wrapLine(line, fits));
  const height = Math.max(A4.height, 2 * MARGIN + lines.length * LINE_HEIGHT);
  const page = pdf.addPage([A4.width, height]);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    page.drawText(line, {
      x: MARGIN,
      y: height - MARGIN - FONT_SIZE - index * LINE_HEIGHT,
      size: FONT_SIZE,
      font,
      color: rgb(0, 0, 0),
    });
  });
  return pdf.save();
}
