import { roundFraction, type PageWord } from '../../page-views/PageWord.js';

const WORD_LEVEL = '5';
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of tesseract's `tsv` output with their boxes, as fractions of the image read (`width` × `height`
 * pixels) and their confidences. The same words as parseTesseractTsv keeps: a stray mark without a letter or digit
 * is not a word.
 */
export function readTesseractWordBoxes(tsv: string, width: number, height: number): PageWord[] {
  const words: PageWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const columns = row.split('\t');
    if (columns[0] !== WORD_LEVEL || columns.length < 12) continue;
    const text = columns.slice(11).join('\t').trim();
    const confidence = Number(columns[10]);
    if (!HAS_LETTER_OR_DIGIT.test(text) || !(confidence >= 0)) continue;
    const [left, top, boxWidth, boxHeight] = columns.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({
      text,
      x: roundFraction(left / width),
      y: roundFraction(top / height),
      width: roundFraction(boxWidth / width),
      height: roundFraction(boxHeight / height),
      confidence: Math.round(confidence * 10) / 10,
    });
  }
  return words;
}
