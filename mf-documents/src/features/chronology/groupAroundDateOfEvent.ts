import type { ChronologyEvent } from '@ewrt/contract';

type EventRelation = NonNullable<ChronologyEvent['relation']>;

/** How many leading characters of an ISO date a precision knows: the whole day, yyyy-mm, or yyyy. */
const KNOWN_LENGTH: Record<ChronologyEvent['precision'], number> = { day: 10, month: 7, year: 4 };

/**
 * Where an event sits against the Date of Event, compared only as precisely as the event's date is known: "April
 * 2023" is on a Date of Event of 03/04/2023 (it cannot be said to be before or after it), before one in May 2023.
 */
export function relationToDateOfEvent(
  event: Pick<ChronologyEvent, 'date' | 'precision'>,
  dateOfEvent: string,
): EventRelation {
  const length = KNOWN_LENGTH[event.precision];
  const eventPart = event.date.slice(0, length);
  const dateOfEventPart = dateOfEvent.slice(0, length);
  if (eventPart < dateOfEventPart) return 'before';
  if (eventPart > dateOfEventPart) return 'after';
  return 'on';
}

export interface EventsAroundDateOfEvent<Event> {
  before: Event[];
  on: Event[];
  after: Event[];
}

/**
 * The events (in date order) split by the Date of Event, each group keeping their order; with no Date of Event
 * every event is "before" (the table then draws no dividing line).
 */
export function groupAroundDateOfEvent<Event extends Pick<ChronologyEvent, 'date' | 'precision'>>(
  events: readonly Event[],
  dateOfEvent: string | null,
): EventsAroundDateOfEvent<Event> {
  const groups: EventsAroundDateOfEvent<Event> = { before: [], on: [], after: [] };
  for (const event of events) {
    groups[dateOfEvent === null ? 'before' : relationToDateOfEvent(event, dateOfEvent)].push(event);
  }
  return groups;
}
