import { describeSource } from '../answers/describeSource.js';
import { previewPassage } from '../answers/previewPassage.js';
import type { RetrievedPassage } from '../answers/searchPassages.js';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages.js';

/**
 * A section's text when no language model is configured: a heading that says plainly it is no draft, then each
 * passage retrieved for the prompt quoted with its number, file and page, so the expert can cite them as they are.
 */
export function composeEvidenceDigest(passages: readonly RetrievedPassage[], query: string): string {
  const heading = DRAFT_REPORT_MESSAGES.digestHeading;
  if (passages.length === 0) return `${heading} ${DRAFT_REPORT_MESSAGES.nothingMatched}`;
  const quotes = passages.map(
    (passage, index) => `[${index + 1}] ${describeSource(passage)}: "${previewPassage(passage.text, query)}"`,
  );
  return [`${heading} ${DRAFT_REPORT_MESSAGES.digestPassages}`, ...quotes].join('\n\n');
}
