/** Bundles are dated as a UK reader counts days, whatever the server's own time zone. */
const UK_TIME_ZONE = 'Europe/London';

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The UK calendar day of `at` as YYYY-MM-DD. */
export function londonIsoDate(at: Date): string {
  const parts = Object.fromEntries(londonParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The UK calendar day of `at` as dd/mm/yyyy. */
export function londonEnGbDate(at: Date): string {
  return londonParts.format(at);
}

/** An ISO date (YYYY-MM-DD) as dd/mm/yyyy, with no time zone involved. */
export function isoDateToEnGb(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}
