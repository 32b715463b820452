import type { ChatMessage } from '../../platform/ai/AiProvider.js';
import { describeSource } from './describeSource.js';
import { previewPassage } from './previewPassage.js';
import type { RetrievedPassage } from './searchPassages.js';

/** Characters of source text in one prompt: ~6,000 tokens at ~4 characters a token, room left for the answer. */
export const SOURCE_CHARACTER_BUDGET = 24_000;
/** No passage is cut shorter than this, however many there are. */
const MIN_CHARACTERS_PER_SOURCE = 400;
/** Earlier exchanges given as context, and how much of each earlier answer. */
const HISTORY_EXCHANGES = 3;
const HISTORY_ANSWER_CHARACTERS = 1_500;

export interface AnswerPromptInput {
  question: string;
  passages: readonly RetrievedPassage[];
  /** What the sources are, e.g. "the patient's records". */
  subjectLabel: string;
  /** ISO date of the event the case is about, or null. */
  dateOfEvent?: string | null;
  /** Earlier questions and answers of the conversation, oldest first. */
  history?: readonly { question: string; answer: string }[];
  /** Key terms of the question that appear nowhere in the indexed documents (nor any synonym of them). */
  absentTerms?: readonly string[];
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDateOfEvent(iso: string): string {
  const day = iso.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : `${longDate.format(date)} (${day})`;
}

function systemPrompt(
  subjectLabel: string,
  dateOfEvent: string | null | undefined,
  absentTerms: readonly string[],
): string {
  const lines = [
    `You assist a medico-legal expert who is reviewing ${subjectLabel}. Answer the expert's question using ONLY ` +
      'the numbered sources in the message: passages of those documents, each headed by its number, file and page.',
    '',
    'Rules:',
    '- Cite every sentence: put the number of each source it relies on in square brackets at the end of the ' +
      'sentence, e.g. "The MRI showed a disc prolapse at L4/5 [2]." Several sources are cited as [1][3].',
    '- State only what the sources say. Never add a fact, date, number, name, diagnosis or opinion that is not in ' +
      'them, and never cite a number that is not one of the sources.',
    '- If the sources do not contain the answer, say so plainly, e.g. "The records provided do not say when the ' +
      'first MRI took place." Do not guess.',
    '- Write dates, measurements and names exactly as the sources give them.',
    '- Answer in plain sentences (a short list is fine), in British English, without a preamble.',
  ];
  if (absentTerms.length > 0) {
    lines.push(
      '',
      `These words of the question appear nowhere in ${subjectLabel}, nor any synonym of them: ` +
        `${absentTerms.map((term) => `"${term}"`).join(', ')}. The answer already opens by saying so. Never state ` +
        'or suggest that the records mention them; say what the sources do record instead, if anything relevant.',
    );
  }
  if (dateOfEvent) {
    lines.push(
      '',
      `The Date of Event (the incident the case is about) is ${formatDateOfEvent(dateOfEvent)}. Use it to place ` +
        'what the sources record before or after the event.',
    );
  }
  return lines.join('\n');
}

/**
 * The passages as numbered sources, "[n] file, page p (bundle page b)" then the passage cut around the query's
 * words: the form every prompt that asks a model to cite the records uses (and the tests' stand-in reads).
 */
export function numberedSources(passages: readonly RetrievedPassage[], question: string): string {
  const perSource = Math.max(
    MIN_CHARACTERS_PER_SOURCE,
    Math.floor(SOURCE_CHARACTER_BUDGET / Math.max(1, passages.length)),
  );
  return passages
    .map(
      (passage, index) =>
        `[${index + 1}] ${describeSource(passage)}\n${previewPassage(passage.text, question, perSource)}`,
    )
    .join('\n\n');
}

const withoutCitations = (text: string) => text.replace(/\s*\[(?:sources?\s*)?\d[\d\s,;–-]*\]/gi, '');

/**
 * The messages that ask a language model to answer from the numbered sources alone: the rules and the Date of
 * Event, the last few exchanges of the conversation (their citations removed, since their numbers meant other
 * passages), then the sources and the question. Each source is cut to its share of the budget around the part that
 * matches the question best.
 */
export function buildAnswerPrompt(input: AnswerPromptInput): ChatMessage[] {
  const history = (input.history ?? []).slice(-HISTORY_EXCHANGES).flatMap((exchange): ChatMessage[] => [
    { role: 'user', content: exchange.question },
    { role: 'assistant', content: withoutCitations(exchange.answer).slice(0, HISTORY_ANSWER_CHARACTERS) },
  ]);
  return [
    { role: 'system', content: systemPrompt(input.subjectLabel, input.dateOfEvent, input.absentTerms ?? []) },
    ...history,
    {
      role: 'user',
      content: `Sources:\n\n${numberedSources(input.passages, input.question)}\n\nQuestion: ${input.question}`,
    },
  ];
}
