import type { ChronologyEventKind } from '@ewrt/contract';
import type { DatePrecision } from '../../platform/dates/readUkDates.js';
import type { DatedMention } from './extractDatedMentions.js';

/** What a mention says of its event, as opposed to where it says it. */
type EventFields =
  'iso' | 'precision' | 'dateText' | 'passage' | 'alternativeIso' | 'planned' | 'kind' | 'clinician' | 'at';

/** One event: the first statement of it, and every place (document and page) that states it, in reading order. */
export interface MergedEvent {
  iso: string;
  precision: DatePrecision;
  dateText: string;
  passage: string;
  /** The month-first reading when the document cannot tell day from month; null otherwise. */
  alternativeIso: string | null;
  planned: boolean;
  /** The kind by rules (describeEventByRules keeps it; a model may give another). */
  kind: ChronologyEventKind;
  /** The clinician by rules when the reading decided it (its line, else the document's author); see findClinician. */
  clinician?: string | null;
  places: (Omit<DatedMention, EventFields> & { at: number })[];
}

/** Share of words two passages must have in common (of all the words of either) to be copies of one statement. */
export const SAME_PASSAGE_OVERLAP = 0.8;

/** A passage's words, lower-cased, without punctuation or the "…" of a cut. */
function wordsOf(passage: string): string[] {
  return passage.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether two passages say the same thing: identical once normalised, or sharing most of their words. */
export function samePassage(first: string, second: string): boolean {
  const a = wordsOf(first);
  const b = wordsOf(second);
  if (a.join(' ') === b.join(' ')) return true;
  const setA = new Set(a);
  const setB = new Set(b);
  let shared = 0;
  for (const word of setA) if (setB.has(word)) shared += 1;
  const union = setA.size + setB.size - shared;
  return union > 0 && shared / union >= SAME_PASSAGE_OVERLAP;
}

/**
 * Merges the copies of one statement: mentions of the same date (and precision) whose passages are the same or
 * nearly (copies of one letter, scanned twice or printed in two bundles) are one event listing each place. The
 * mentions come in reading order (bundle order, else document and page), so each event's places do too and its
 * passage is that of its first place. Two statements of one page are two findings, never merged (a letter's
 * examination and X-ray of one day); the same statement read twice adds its place once.
 */
export function mergeDuplicateMentions(mentions: readonly DatedMention[]): MergedEvent[] {
  const events: MergedEvent[] = [];
  const byDate = new Map<string, MergedEvent[]>();
  for (const mention of mentions) {
    const key = `${mention.iso}/${mention.precision}`;
    const sameDate = byDate.get(key) ?? [];
    const { iso, precision, dateText, passage, alternativeIso, planned, kind, clinician, at, ...place } =
      mention;
    // Another statement of the same page is another finding, however alike; the same place read twice is not.
    const existing = sameDate.find(
      (event) =>
        samePassage(event.passage, passage) &&
        !event.places.some(
          (known) => known.documentId === place.documentId && known.page === place.page && known.at !== at,
        ),
    );
    if (existing) {
      const placed = existing.places.some(
        (known) => known.documentId === place.documentId && known.page === place.page,
      );
      if (!placed) existing.places.push({ ...place, at });
      continue;
    }
    const event: MergedEvent = {
      iso,
      precision,
      dateText,
      passage,
      alternativeIso,
      planned,
      kind,
      ...(clinician === undefined ? {} : { clinician }),
      places: [{ ...place, at }],
    };
    sameDate.push(event);
    byDate.set(key, sameDate);
    events.push(event);
  }
  return events;
}
