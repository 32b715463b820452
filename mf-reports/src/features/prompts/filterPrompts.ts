import type { Lookup } from '@ewrt/contract';

/** The table's search (title and text) and type filter; a null type shows every type. */
export interface PromptFilters {
  search: string;
  typeId: number | null;
}

export const NO_PROMPT_FILTERS: PromptFilters = { search: '', typeId: null };

/** The prompts whose title or text contains the search (any case) and that are of the chosen type. */
export function filterPrompts(prompts: readonly Lookup[], { search, typeId }: PromptFilters): Lookup[] {
  const needle = search.trim().toLocaleLowerCase('en-GB');
  return prompts.filter(
    (prompt) =>
      (typeId === null || prompt.LookupType === typeId) &&
      (needle === '' ||
        prompt.LookupTitle.toLocaleLowerCase('en-GB').includes(needle) ||
        prompt.LookupText.toLocaleLowerCase('en-GB').includes(needle)),
  );
}

/** Title order as a reader expects it: letters regardless of case, "Prompt 2" before "Prompt 10". */
export function compareTitles(a: Lookup, b: Lookup): number {
  return a.LookupTitle.localeCompare(b.LookupTitle, 'en-GB', { sensitivity: 'base', numeric: true });
}
