/** What matching needs of a template section: its words. */
export interface SectionToMatch {
  title: string;
  description: string;
}

/** What matching needs of a prompt section: its words. */
export interface PromptToPlace {
  title: string;
  text: string;
}

// Words that say nothing about which section a prompt belongs to.
const IGNORED_WORDS = new Set(
  (
    'and the for with from this that any all are was were has have had its his her their they them into onto ' +
    'upon been being not but you your our who what when where which how why each other such also then than ' +
    'there these those will would should could may might must can use using include including describe ' +
    'summarise summarize patient section report'
  ).split(' '),
);

function wordsOf(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((word) => word.length >= 3 && !/^\d+$/.test(word) && !IGNORED_WORDS.has(word)));
}

/**
 * Which template section each prompt section goes under, by index: the section whose title and description share
 * the most words with the prompt's title and text (ties to the earlier section); a prompt sharing none goes under
 * the last section. Answers one index per prompt, in the prompts' order; an empty template places nothing.
 */
export function placePromptSections(
  sections: readonly SectionToMatch[],
  prompts: readonly PromptToPlace[],
): number[] {
  if (sections.length === 0) return [];
  const sectionWords = sections.map((section) => wordsOf(`${section.title} ${section.description}`));
  return prompts.map((prompt) => {
    const promptWords = wordsOf(`${prompt.title} ${prompt.text}`);
    let best = sections.length - 1;
    let bestShared = 0;
    sectionWords.forEach((words, index) => {
      let shared = 0;
      for (const word of promptWords) if (words.has(word)) shared += 1;
      if (shared > bestShared) {
        best = index;
        bestShared = shared;
      }
    });
    return best;
  });
}
