/**
 * How an answer names a passage's place: "mri.pdf, page 2 (bundle page 14)", and for a passage read by OCR
 * "fax.pdf, page 3, read by OCR (confidence 78 %)", so that the reader knows to check the original page.
 */
export function describeSource(passage: {
  filename: string;
  page: number;
  bundlePage: number | null;
  source?: 'text' | 'ocr';
  ocrConfidence?: number | null;
}): string {
  const bundle = passage.bundlePage === null ? '' : ` (bundle page ${passage.bundlePage})`;
  return `${passage.filename}, page ${passage.page}${bundle}${ocrNote(passage.source, passage.ocrConfidence)}`;
}

/** ", read by OCR (confidence 78 %)" for a passage read by OCR; nothing for the text layer. */
export function ocrNote(source: 'text' | 'ocr' | undefined, confidence: number | null | undefined): string {
  if (source !== 'ocr') return '';
  return `, read by OCR${typeof confidence === 'number' ? ` (confidence ${Math.round(confidence)} %)` : ''}`;
}
