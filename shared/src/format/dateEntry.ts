// Typed date entry, the British way whatever the browser's language: people type dd/mm/yyyy, the API
// still receives yyyy-mm-dd. A native date input follows the browser's locale (mm/dd/yyyy in an en-US
// browser), so a date of birth could be entered the wrong way round; a text field with one fixed order
// cannot.

/** The order a date field asks for, shown as its hint. */
export const DATE_ENTRY_FORMAT = 'dd/mm/yyyy';

// Day, month and four-digit year, separated by "/", "-", "." or spaces: 7/4/1980, 07-04-1980, 07.04.1980.
const DAY_MONTH_YEAR = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/;
// Eight digits typed without separators: 07041980.
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;
// An ISO date pasted from elsewhere: 1980-04-07.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoIfReal(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The yyyy-mm-dd date a person typed as day, month, year (or pasted as yyyy-mm-dd); null when the text
 * is not a real calendar date (31/02/1980, 12/13/1980) or is empty.
 */
export function parseDateEntry(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = DAY_MONTH_YEAR.exec(trimmed) ?? COMPACT.exec(trimmed);
  if (!parts) return null;
  return isoIfReal(Number(parts[3]), Number(parts[2]), Number(parts[1]));
}
