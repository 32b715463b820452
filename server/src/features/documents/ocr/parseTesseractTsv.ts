/** What tesseract read on a page: its text line by line, and the mean confidence (0–100) of its words. */
export interface RecognisedText {
  text: string;
  words: number;
  /** The mean of the words' confidences, null when no word was read. */
  confidence: number | null;
}

const WORD_LEVEL = '5';
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Reads tesseract's `tsv` output (one row per page, block, paragraph, line and word; a word row carries its
 * confidence and text). Lines become lines, paragraphs are separated by an empty line.
 */
export function parseTesseractTsv(tsv: string): RecognisedText {
  const paragraphs: string[][] = [];
  let currentParagraph = '';
  let currentLine = '';
  let line: string[] = [];
  let confidenceSum = 0;
  let words = 0;
  const endLine = () => {
    if (line.length > 0) paragraphs[paragraphs.length - 1]!.push(line.join(' '));
    line = [];
  };
  for (const row of tsv.split('\n').slice(1)) {
    const columns = row.split('\t');
    if (columns[0] !== WORD_LEVEL || columns.length < 12) continue;
    const text = columns.slice(11).join('\t').trim();
    const confidence = Number(columns[10]);
    // Specks on a fax are read as stray marks ("." "‘" "-"): without a letter or digit, a mark is not a word.
    if (!HAS_LETTER_OR_DIGIT.test(text) || !(confidence >= 0)) continue;
    const paragraph = `${columns[1]}.${columns[2]}.${columns[3]}`;
    const lineKey = `${paragraph}.${columns[4]}`;
    if (paragraph !== currentParagraph) {
      endLine();
      paragraphs.push([]);
      currentParagraph = paragraph;
    } else if (lineKey !== currentLine) {
      endLine();
    }
    currentLine = lineKey;
    line.push(text);
    confidenceSum += confidence;
    words += 1;
  }
  endLine();
  return {
    text: paragraphs
      .filter((lines) => lines.length > 0)
      .map((lines) => lines.join('\n'))
      .join('\n\n'),
    words,
    confidence: words === 0 ? null : Math.round((confidenceSum / words) * 10) / 10,
  };
}
