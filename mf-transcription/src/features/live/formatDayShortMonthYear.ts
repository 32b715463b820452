import { MESSAGES } from '@ewrt/shared';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

const DAY_SHORT_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date as en-GB day, short month and year ("12 May 1980"), as the live screen's patient card shows the
 * date of birth (TRN-02); 'Not specified' when there is none. The date is read as a calendar date, so the
 * browser's time zone cannot move it to the day before.
 */
export function formatDayShortMonthYear(isoDate: string | null | undefined): string {
  const parts = isoDate ? DATE_ONLY.exec(isoDate) : null;
  if (!parts) return isoDate || MESSAGES.notSpecified;
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  return DAY_SHORT_MONTH_YEAR.format(new Date(Date.UTC(year, month - 1, day)));
}
