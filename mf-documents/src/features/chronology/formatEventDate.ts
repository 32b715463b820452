import type { ChronologyEvent } from '@ewrt/contract';

type DatePrecision = ChronologyEvent['precision'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Spelled out here rather than by Intl, so the month reads the same in every browser and locale build.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * An event's date as precisely as the record gives it: 03/04/2023 for a day, April 2023 for a month, 2023 for a
 * year. `date` is the first day of what the date names; a value that is not a date is shown as it is.
 */
export function formatEventDate(date: string, precision: DatePrecision): string {
  const parts = ISO_DATE.exec(date);
  if (!parts) return date;
  const [, year, month, day] = parts;
  if (precision === 'year') return year!;
  if (precision === 'month') return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
  return `${day}/${month}/${year}`;
}

/** The date with its precision in words, so a month or a year is not read as a day: "April 2023 (month)". */
export function describeEventDate(event: Pick<ChronologyEvent, 'date' | 'precision'>): string {
  return `${formatEventDate(event.date, event.precision)} (${event.precision})`;
}
