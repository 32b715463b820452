import type { ChatHistoryMessage } from '@ewrt/contract';
import type { ChatMessage } from '../../platform/ai/AiProvider.js';
import type { ResearchPage } from './ResearchPage.js';

/** Earlier turns given to the model, newest kept first, up to about 6,000 tokens (~4 characters a token). */
const HISTORY_CHARACTER_BUDGET = 24_000;

const INSTRUCTIONS = [
  "You are a medical research assistant for an expert witness. Answer the user's question using only the",
  'numbered web pages given with it, which come from the trusted sources the user chose. Support every',
  'statement with the number of the page it comes from in square brackets, e.g. [1] or [2][3]. If the pages',
  'do not answer the question, say so plainly rather than answering from memory. Never invent pages, facts or',
  'links. Earlier messages of the conversation are context only: their citation numbers referred to other',
  'pages. Write in British English.',
].join(' ');

/** The pages as the model reads them: "[n] title", then "URL: …" and the search service's summary. */
export function formatPagesForPrompt(pages: readonly ResearchPage[]): string {
  return pages
    .map((page, index) => `[${index + 1}] ${page.title}\nURL: ${page.url}\n${page.snippet || '(no summary)'}`)
    .join('\n\n');
}

function recentHistory(history: readonly ChatHistoryMessage[]): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let used = 0;
  for (const message of [...history].reverse()) {
    used += message.content.length;
    if (used > HISTORY_CHARACTER_BUDGET) break;
    kept.unshift({ role: message.role, content: message.content });
  }
  return kept;
}

/** The instructions, the recent conversation, then the numbered pages and the question. */
export function buildResearchPrompt(input: {
  question: string;
  pages: readonly ResearchPage[];
  history: readonly ChatHistoryMessage[];
}): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    ...recentHistory(input.history),
    {
      role: 'user',
      content: `Web pages from my trusted sources:\n\n${formatPagesForPrompt(input.pages)}\n\nQuestion: ${input.question}`,
    },
  ];
}
