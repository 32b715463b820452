import type { AnswerSentence } from '@ewrt/contract';
import { describeSource } from './describeSource.js';
import { previewPassage } from './previewPassage.js';
import type { RetrievedPassage } from './searchPassages.js';

export interface RetrievalOnlyAnswer {
  response: string;
  sentences: AnswerSentence[];
}

/**
 * The answer when no language model writes one: a plain statement that none is configured, then the passages that
 * best match the question, each quoted with its number, file and page. Quotes are supported by definition.
 */
export function composeRetrievalOnlyAnswer(
  passages: readonly RetrievedPassage[],
  question: string,
  subjectLabel: string,
): RetrievalOnlyAnswer {
  if (passages.length === 0) {
    const text = `No language model is configured, and nothing in ${subjectLabel} matched the question.`;
    return { response: text, sentences: [{ text, sources: [], supported: true }] };
  }
  const intro =
    `No language model is configured, so this answer is not written by one: these are the passages of ` +
    `${subjectLabel} that best match the question.`;
  const quotes = passages.map(
    (passage, index) =>
      `[${index + 1}] ${describeSource(passage)}: "${previewPassage(passage.text, question)}"`,
  );
  return {
    response: [intro, ...quotes].join('\n\n'),
    sentences: [
      { text: intro, sources: [], supported: true },
      ...quotes.map((text, index) => ({ text, sources: [index + 1], supported: true })),
    ],
  };
}
