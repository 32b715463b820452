import { readUkDates } from '../../platform/dates/readUkDates.js';

/** A calendar date found in a text, as ISO `YYYY-MM-DD`, with where it was written. */
export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

/**
 * Every full date (day, month and year) written in the text, in order, read as UK records write them (see
 * readUkDates): 12/03/2021, 12.03.2021, 2021-03-12, 12 March 2021, 12th of March, 2021, March 12, 2021. A month
 * alone ("March 2021") is not a full date; impossible dates (31/02/2021) are not dates.
 */
export function findDates(text: string): FoundDate[] {
  return readUkDates(text)
    .filter((date) => date.precision === 'day')
    .map(({ iso, start, end }) => ({ iso, start, end }));
}
