import { monthNameOf } from '../../platform/dates/readUkDates.js';

function ordinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/**
 * The ways a record may write an ISO date, for the full-text search: a question about "12/03/2021" also finds a
 * page that says "12 March 2021" or "2021-03-12".
 */
export function dateSpellings(iso: string): string[] {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const d = String(Number(day));
  const m = String(Number(month));
  const monthName = monthNameOf(iso);
  const shortMonth = monthName.slice(0, 3);
  const ordinal = ordinalSuffix(Number(d));
  return [
    ...new Set([
      `${day}/${month}/${year}`,
      `${d}/${m}/${year}`,
      `${day}/${month}/${year.slice(2)}`,
      `${day}.${month}.${year}`,
      `${day}-${month}-${year}`,
      `${year}-${month}-${day}`,
      `${d} ${monthName} ${year}`,
      `${d}${ordinal} ${monthName} ${year}`,
      `${d} ${shortMonth} ${year}`,
      `${monthName} ${d} ${year}`,
    ]),
  ];
}
