import type { AnswerSentence } from '@ewrt/contract';
import { checkSentenceSupport } from './checkSentenceSupport.js';
import { parseCitations } from './parseCitations.js';
import { splitSentences } from './splitSentences.js';

/**
 * The answer's sentences, each with the source numbers it cites and whether those passages support it.
 * `sourceTexts[n - 1]` is the text of source `[n]`.
 */
export function checkAnswerSentences(answer: string, sourceTexts: readonly string[]): AnswerSentence[] {
  return splitSentences(answer).map((text) => {
    const sources = parseCitations(text, sourceTexts.length);
    return {
      text,
      sources,
      supported: checkSentenceSupport(
        text,
        sources.map((number) => sourceTexts[number - 1]!),
      ),
    };
  });
}
