import { ScanOutlined } from '@ant-design/icons';
import { MUTED_TEXT } from '../conversation/conversationStyles';
import { CHECK_ORIGINAL_ADVICE, ocrReadingText } from './ocrWording';

interface OcrPassageNoteProps {
  confidence: number | null;
}

/**
 * Says in words that a passage came from OCR, with its confidence, and that the original page is the reference:
 * the icon is decoration, the sentence carries the meaning.
 */
export function OcrPassageNote({ confidence }: OcrPassageNoteProps) {
  return (
    <span style={MUTED_TEXT}>
      <ScanOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
      <span>{ocrReadingText(confidence)}</span> — {CHECK_ORIGINAL_ADVICE}
    </span>
  );
}
