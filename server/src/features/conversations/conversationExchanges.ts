import type { ConversationEntry, SourceLocation } from '@ewrt/contract';
import { ocrNote } from '../answers/describeSource.js';

/** The flag on an answer sentence whose cited passages do not support it. */
export const UNSUPPORTED_MARKER = 'not found in the cited pages';

/** A question and the answer it got; either may be missing in a conversation cut short. */
export interface Exchange {
  question: ConversationEntry | null;
  answer: ConversationEntry | null;
}

/** The entries (oldest first) as question-and-answer pairs. */
export function pairExchanges(entries: readonly ConversationEntry[]): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const entry of entries) {
    const last = exchanges.at(-1);
    if (entry.type === 'user') exchanges.push({ question: entry, answer: null });
    else if (last && !last.answer) last.answer = entry;
    else exchanges.push({ question: null, answer: entry });
  }
  return exchanges;
}

/**
 * "mri.pdf, page 2", with ", bundle page 14" once the patient's record bundle places it, and ", read by OCR
 * (confidence 78 %)" for a passage read from a scanned page.
 */
export function sourceLabel(source: SourceLocation): string {
  const bundle = source.bundle_page === null ? '' : `, bundle page ${source.bundle_page}`;
  return `${source.filename}, page ${source.page}${bundle}${ocrNote(source.source, source.ocr_confidence)}`;
}

/** A sentence without its "[1]" / "[2, 3]" marks, which the export and the saved text replace by their sources. */
export function withoutCitationMarks(text: string): string {
  return text.replace(/\s*\[\d+(?:\s*[,;]\s*\d+)*\]/g, '').trim();
}
