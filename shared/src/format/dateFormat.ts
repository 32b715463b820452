import { MESSAGES } from '../messages';

// Dates are shown in en-GB (dd/mm/yyyy, with hh:mm for date-times); date inputs use yyyy-mm-dd.
// A plain date ("1980-05-12") is a calendar date, not an instant: it is never passed through Date,
// so it cannot shift by the browser's time zone.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type DateInput = string | null | undefined;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/mm/yyyy; '' when empty; the input itself when it is not a date. */
export function formatDate(iso: DateInput): string {
  if (!iso) return '';
  const dateOnly = DATE_ONLY.exec(iso);
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = parseInstant(iso);
  if (!date) return iso;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** dd/mm/yyyy, hh:mm (24 h, local time); '' when empty; the input itself when it is not a date. */
export function formatDateTime(iso: DateInput): string {
  if (!iso) return '';
  if (DATE_ONLY.test(iso)) return formatDate(iso);
  const date = parseInstant(iso);
  if (!date) return iso;
  return `${formatDate(iso)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/mm/yyyy, or 'Not specified' for an empty date (sidebar rule of PROD-05). */
export function formatDateOrNotSpecified(iso: DateInput): string {
  return formatDate(iso) || MESSAGES.notSpecified;
}

/** yyyy-mm-dd for a date input; '' when empty or not a date. */
export function toDateInputValue(iso: DateInput): string {
  if (!iso) return '';
  if (DATE_ONLY.test(iso)) return iso;
  const date = parseInstant(iso);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
