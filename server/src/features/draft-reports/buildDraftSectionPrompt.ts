import type { ChatMessage } from '../../platform/ai/AiProvider.js';
import { numberedSources } from '../answers/buildAnswerPrompt.js';
import type { RetrievedPassage } from '../answers/searchPassages.js';

/** Characters of the expert's style document given as the example (~1,500 tokens), cut at a word. */
export const STYLE_EXAMPLE_CHARACTER_BUDGET = 6_000;

export interface DraftSectionPromptInput {
  /** The prompt's title (the section heading) and its text (what the section must cover). */
  title: string;
  text: string;
  passages: readonly RetrievedPassage[];
  /** The text of the expert's style document, or null when they have none. */
  styleExample: string | null;
  /** ISO date of the event the case is about, or null. */
  dateOfEvent: string | null;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatIsoDate(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

/** The start of `text`, at most `budget` characters, cut at a space and marked "…" when cut. */
export function trimStyleExample(text: string, budget = STYLE_EXAMPLE_CHARACTER_BUDGET): string {
  const flat = text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (flat.length <= budget) return flat;
  const cut = flat.lastIndexOf(' ', budget);
  return `${flat.slice(0, cut > budget / 2 ? cut : budget).trimEnd()}…`;
}

function systemPrompt(input: DraftSectionPromptInput): string {
  const lines = [
    'You are a UK medico-legal expert drafting ONE section of your expert report for the court, under CPR Part 35 ' +
      'and its Practice Direction: your overriding duty is to the court. Write in the expert’s own style.',
    '',
    'Rules:',
    '- Use ONLY the numbered sources in the message: passages of the patient’s records, each headed by its number, ' +
      'file and page.',
    '- Cite every sentence that states a fact: put the number of each source it relies on in square brackets at ' +
      'the end of the sentence, e.g. "An MRI on 3 April 2023 showed a disc prolapse at L4/5 [2]." Several sources ' +
      'are cited as [1][3]. Never cite a number that is not one of the sources.',
    '- Never invent a fact, date, number, name, diagnosis or opinion the sources do not give.',
    '- Where the section needs something the sources do not give, write "[Expert to confirm: <what is missing>]" ' +
      'instead of guessing.',
    '- UK spelling; write dates as 3 April 2023. Write the section text only: no preamble, no heading (the report ' +
      'adds it), no closing remarks.',
  ];
  if (input.dateOfEvent) {
    lines.push(
      '',
      `The Date of Event (the incident the case is about) is ${formatIsoDate(input.dateOfEvent)}.`,
    );
  }
  if (input.styleExample) {
    lines.push(
      '',
      'Below, between the markers, is an example of the expert’s writing style: imitate its tone and layout, not ' +
        'its content. Nothing in it is about this patient; never cite or repeat its facts.',
      '<<<STYLE EXAMPLE',
      trimStyleExample(input.styleExample),
      'STYLE EXAMPLE>>>',
    );
  }
  return lines.join('\n');
}

/** The words retrieval searches for a prompt, and each source is cut around. */
export const draftQueryOf = (prompt: { title: string; text: string }) => `${prompt.title} ${prompt.text}`;

/**
 * The messages that ask a language model to draft one section: the rules, the Date of Event and the expert's style
 * example in the system message (one system message: some chat templates refuse two, or two user turns in a row),
 * then the section asked for and its numbered sources, last, as the record questions give them.
 */
export function buildDraftSectionPrompt(input: DraftSectionPromptInput): ChatMessage[] {
  const query = draftQueryOf(input);
  return [
    { role: 'system', content: systemPrompt(input) },
    {
      role: 'user',
      content:
        `Section to draft: ${input.title}\n\nWhat the section must cover: ${input.text}\n\n` +
        `Sources:\n\n${numberedSources(input.passages, query)}`,
    },
  ];
}
