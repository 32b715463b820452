import type { PagePassage } from '@ewrt/contract';

/** One indexed passage of a page with its offsets in the page's extracted text. */
export interface IndexedPassage extends Omit<PagePassage, 'start_offset' | 'end_offset'> {
  start_offset: number;
  end_offset: number;
  text: string;
}

/**
 * The page's text as indexed, put together from its passages: each passage is placed at its offset (passages
 * overlap, and the overlap is the same text), and whatever no passage covers (whitespace between them, or text
 * before the first) becomes a single space, or nothing at the start. The passages answered carry their offsets in
 * the rebuilt text, so the page view can highlight one exactly.
 */
export function rebuildPageText(passages: readonly IndexedPassage[]): {
  text: string;
  passages: PagePassage[];
} {
  const ordered = [...passages].sort(
    (a, b) => a.start_offset - b.start_offset || a.end_offset - b.end_offset,
  );
  let text = '';
  // The original offset up to which `text` holds the page, and how far original offsets lie ahead of `text`'s.
  let coveredUntil: number | null = null;
  let shift = 0;
  const placed: PagePassage[] = [];
  for (const passage of ordered) {
    if (coveredUntil === null) {
      shift = passage.start_offset;
      text = passage.text;
      coveredUntil = passage.end_offset;
    } else if (passage.start_offset >= coveredUntil) {
      if (passage.start_offset > coveredUntil) {
        text += ' ';
        shift += passage.start_offset - coveredUntil - 1;
      }
      text += passage.text;
      coveredUntil = passage.end_offset;
    } else if (passage.end_offset > coveredUntil) {
      text += passage.text.slice(coveredUntil - passage.start_offset);
      coveredUntil = passage.end_offset;
    }
    const start = passage.start_offset - shift;
    placed.push({
      chunk_id: passage.chunk_id,
      start_offset: start,
      end_offset: start + passage.text.length,
      source: passage.source,
      ocr_confidence: passage.ocr_confidence,
    });
  }
  return { text, passages: placed };
}
