import type { ConversationEntry, SourceLocation } from '@ewrt/contract';
import { pairExchanges, UNSUPPORTED_MARKER, withoutCitationMarks } from './conversationExchanges.js';

export interface TranscriptInput {
  /** "Questions about the records of Jane Doe (MRN 123)" or "Questions about the opinion documents of …". */
  heading: string;
  /** "Saved on 24/11/2026 at 10:15 by Dr A Patel". */
  savedLine: string;
  entries: readonly ConversationEntry[];
  includeQueries: boolean;
}

const citation = (source: SourceLocation) => `(${source.filename}, page ${source.page})`;

/**
 * The conversation as the text of a document of the records: a header, then each exchange (its question only when
 * asked for) with every answer sentence followed by its sources as "(file, page N)", so that a later question
 * that finds this document also finds where each statement came from. Answers how many entries it holds.
 */
export function conversationTranscript(input: TranscriptInput): { text: string; entriesSaved: number } {
  const lines = [input.heading, input.savedLine, ''];
  let entriesSaved = 0;
  for (const [index, exchange] of pairExchanges(input.entries).entries()) {
    const number = index + 1;
    if (input.includeQueries && exchange.question) {
      lines.push(`Question ${number}: ${exchange.question.content.trim()}`);
      entriesSaved += 1;
    }
    if (!exchange.answer) {
      if (input.includeQueries && exchange.question) lines.push('');
      continue;
    }
    lines.push(`Answer ${number}: ${answerText(exchange.answer)}`, '');
    entriesSaved += 1;
  }
  return { text: `${lines.join('\n').trimEnd()}\n`, entriesSaved };
}

function answerText(answer: ConversationEntry): string {
  const metadata = answer.metadata;
  if (!metadata || metadata.sentences.length === 0) return answer.content.trim();
  const sources = new Map(metadata.source_locations.map((source) => [source.source_number, source]));
  return metadata.sentences
    .map((sentence) => {
      const cited = sentence.sources
        .map((number) => sources.get(number))
        .filter((source): source is SourceLocation => source !== undefined)
        .map(citation);
      const flag = sentence.supported ? '' : ` [${UNSUPPORTED_MARKER}]`;
      return [withoutCitationMarks(sentence.text), ...cited].join(' ') + flag;
    })
    .join(' ');
}
