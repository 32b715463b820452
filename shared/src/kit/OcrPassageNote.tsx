import { MUTED_TEXT } from './mutedText';

/** "Read by OCR, confidence 87 %", or "Read by OCR" when the server did not measure a confidence. */
export function ocrReadingText(confidence: number | null | undefined): string {
  return confidence === null || confidence === undefined
    ? 'Read by OCR'
    : `Read by OCR, confidence ${Math.round(confidence)} %`;
}

/** What the expert should do about a passage read by OCR. */
export const CHECK_ORIGINAL_ADVICE = 'check the original page';

interface OcrPassageNoteProps {
  confidence: number | null;
}

/**
 * Says in words that a passage came from OCR, with its confidence, and that the original page is the reference
 * (the same words on every screen that shows a source).
 */
export function OcrPassageNote({ confidence }: OcrPassageNoteProps) {
  return (
    <span style={MUTED_TEXT}>
      <span>{ocrReadingText(confidence)}</span> — {CHECK_ORIGINAL_ADVICE}
    </span>
  );
}
