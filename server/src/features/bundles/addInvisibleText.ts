import {
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { PageWord } from '../page-views/PageWord.js';
import { encodableText } from './encodableText.js';

/**
 * For a page shown turned by its /Rotate, where a point of the upright page a reader sees (fractions from its top
 * left) lies in page space, and which way the text runs (`along`) and stands (`up`).
 */
function uprightFrame(angle: number, box: { x: number; y: number; width: number; height: number }) {
  const { x, y, width: w, height: h } = box;
  switch (angle) {
    case 90:
      return {
        at: (u: number, v: number) => [x + v * w, y + u * h],
        along: [0, 1],
        up: [-1, 0],
        size: [h, w],
      };
    case 180:
      return {
        at: (u: number, v: number) => [x + w - u * w, y + v * h],
        along: [-1, 0],
        up: [0, -1],
        size: [w, h],
      };
    case 270:
      return {
        at: (u: number, v: number) => [x + w - v * w, y + h - u * h],
        along: [0, -1],
        up: [1, 0],
        size: [h, w],
      };
    default:
      return {
        at: (u: number, v: number) => [x + u * w, y + h - v * h],
        along: [1, 0],
        up: [0, 1],
        size: [w, h],
      };
  }
}

/**
 * Lays the words OCR read on a scanned page over it as invisible text (render mode 3), each word stretched over the
 * box where it was read: the page looks the same, and a PDF reader finds, selects and copies the words. The boxes
 * are fractions of the page as drawn (upright); a page shown turned is handled through its /Rotate.
 */
export function addInvisibleText(page: PDFPage, words: readonly PageWord[], font: PDFFont): void {
  const clean = encodableText(font);
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const frame = uprightFrame(angle, page.getCropBox());
  const [pageWidth, pageHeight] = frame.size as [number, number];
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const operators = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  for (const word of words) {
    const text = clean(word.text);
    const naturalWidth = font.widthOfTextAtSize(text, 1);
    if (text.trim() === '' || naturalWidth <= 0) continue;
    const height = word.height * pageHeight;
    const stretch = (word.width * pageWidth) / naturalWidth / height;
    const [originX, originY] = frame.at(word.x, word.y + word.height) as [number, number];
    const [alongX, alongY] = frame.along as [number, number];
    const [upX, upY] = frame.up as [number, number];
    operators.push(
      setFontAndSize(fontKey, height),
      setTextMatrix(alongX * stretch, alongY * stretch, upX, upY, originX, originY),
      showText(font.encodeText(text)),
    );
  }
  operators.push(endText(), popGraphicsState());
  page.pushOperators(...operators);
}
