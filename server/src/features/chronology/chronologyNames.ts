import { fileNameDay, safeNamePart } from '../conversations/conversationNames.js';
import { isoDateToEnGb } from '../bundles/bundleDates.js';
import type { DatePrecision } from '../../platform/dates/readUkDates.js';

const MONTH_NAMES = [
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
];

/** `<FirstName>_<Surname>_chronology_<YYYY-MM-DD>.docx`. */
export function chronologyFileName(firstName: string, surname: string, at: Date): string {
  const name = [safeNamePart(firstName), safeNamePart(surname)].filter(Boolean).join('_') || 'patient';
  return `${name}_chronology_${fileNameDay(at)}.docx`;
}

/** An event's date as precise as the record: 03/04/2023, April 2023, or 2019. */
export function eventDateLabel(iso: string, precision: DatePrecision): string {
  if (precision === 'day') return isoDateToEnGb(iso);
  if (precision === 'month') return `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
  return iso.slice(0, 4);
}
