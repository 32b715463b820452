import {
  CHRONOLOGY_EVENT_KINDS,
  type ChronologyEventKind,
  type ChronologyFilter,
  type EVENT_RELATIONS,
} from '@ewrt/contract';
import { lastDayOf, type DatePrecision } from '../../platform/dates/readUkDates.js';

export type EventRelation = (typeof EVENT_RELATIONS)[number];

/** An event as far as the filters look at it. */
export interface FilterableEvent {
  date: string;
  precision: DatePrecision;
  kind: ChronologyEventKind;
  passage: string;
  summary: string | null;
  clinician: string | null;
  places: readonly { filename: string }[];
}

/** The kinds named in the comma-separated filter that are kinds; unknown names are ignored. */
export function kindsOfFilter(kind: string | undefined): ChronologyEventKind[] {
  const named = (kind ?? '').split(',').map((name) => name.trim().toLowerCase());
  return CHRONOLOGY_EVENT_KINDS.filter((known) => named.includes(known));
}

/**
 * Where an event lies against the Date of Event: before, on or after it. An event of month or year precision that
 * contains the Date of Event ("March 2021" for 12/03/2021) is on it, as the record cannot say which side it was.
 */
export function relationTo(
  dateOfEvent: string,
  event: { date: string; precision: DatePrecision },
): EventRelation {
  const last = lastDayOf(event.date, event.precision);
  if (last < dateOfEvent) return 'before';
  if (event.date > dateOfEvent) return 'after';
  return 'on';
}

/**
 * The events that pass the filters: a date range (inclusive: an event whose date range meets it passes), any of the
 * kinds named, and text (case-insensitive) in the passage, summary, clinician or a file name.
 */
export function filterChronologyEvents<T extends FilterableEvent>(
  events: readonly T[],
  filter: ChronologyFilter,
): T[] {
  const kinds = kindsOfFilter(filter.kind);
  const text = filter.q?.trim().toLowerCase() ?? '';
  return events.filter((event) => {
    if (filter.from && lastDayOf(event.date, event.precision) < filter.from) return false;
    if (filter.to && event.date > filter.to) return false;
    if (kinds.length > 0 && !kinds.includes(event.kind)) return false;
    if (text === '') return true;
    return [
      event.passage,
      event.summary ?? '',
      event.clinician ?? '',
      ...event.places.map((place) => place.filename),
    ].some((field) => field.toLowerCase().includes(text));
  });
}

/** Whether any filter is set (the export says which). */
export function hasFilters(filter: ChronologyFilter): boolean {
  return !!(filter.from || filter.to || kindsOfFilter(filter.kind).length > 0 || filter.q?.trim());
}
