/** A line whose words are at least this share already in the text layer repeats it (OCR reads the text layer too). */
const REPEATED_LINE_SHARE = 0.8;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The part of a page's OCR text that its text layer does not already hold. pdftoppm draws the whole page, so the
 * OCR of a page that mixes typed text with a scanned image reads the typed text as well: those lines are dropped,
 * and the page keeps its own text layer for them, with the OCR of the image added.
 */
export function ocrTextBeyondTextLayer(textLayer: string, ocrText: string): string {
  const layerWords = new Set(wordsOf(textLayer));
  if (layerWords.size === 0) return ocrText;
  const paragraphs = ocrText.split('\n\n').map((paragraph) =>
    paragraph
      .split('\n')
      .filter((line) => {
        const words = wordsOf(line);
        if (words.length === 0) return false;
        const repeated = words.filter((word) => layerWords.has(word)).length;
        return repeated < words.length * REPEATED_LINE_SHARE;
      })
      .join('\n'),
  );
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
}
