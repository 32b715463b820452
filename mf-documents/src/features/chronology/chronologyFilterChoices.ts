import type { ChronologyFilter } from '@ewrt/contract';
import type { ChronologyEventKind } from '@ewrt/contract/limits';

/** What the user chose in the filters: kinds, one year, and text to find in the passage or summary. */
export interface ChronologyFilterChoices {
  kinds: ChronologyEventKind[];
  year: number | null;
  text: string;
}

export const NO_FILTER_CHOICES: ChronologyFilterChoices = { kinds: [], year: null, text: '' };

/** The choices as the chronology and its export take them: a year is the range 1 January to 31 December. */
export function toChronologyFilter({ kinds, year, text }: ChronologyFilterChoices): ChronologyFilter {
  const filter: ChronologyFilter = {};
  if (kinds.length > 0) filter.kind = kinds.join(',');
  if (year !== null) {
    const yyyy = String(year).padStart(4, '0');
    filter.from = `${yyyy}-01-01`;
    filter.to = `${yyyy}-12-31`;
  }
  const trimmed = text.trim();
  if (trimmed !== '') filter.q = trimmed;
  return filter;
}

export function hasFilterChoices(choices: ChronologyFilterChoices): boolean {
  return choices.kinds.length > 0 || choices.year !== null || choices.text.trim() !== '';
}
