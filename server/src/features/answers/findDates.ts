/** A calendar date found in a text, as ISO `YYYY-MM-DD`, with where it was written. */
export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_PATTERN =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY_PATTERN = '(\\d{1,2})(?:st|nd|rd|th)?';

// Numeric dates are read day first (UK records: 03/04/2023 is 3 April 2023); ISO dates are year first.
const PATTERNS: { regex: RegExp; read: (match: RegExpExecArray) => [number, number, number] }[] = [
  {
    regex: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g,
    read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  {
    regex: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/g,
    read: (m) => [fullYear(m[3]!), Number(m[2]), Number(m[1])],
  },
  {
    regex: new RegExp(`\\b${DAY_PATTERN}(?:\\s+of)?\\s+${MONTH_PATTERN},?\\s+(\\d{4})\\b`, 'gi'),
    read: (m) => [Number(m[3]), monthNumber(m[2]!), Number(m[1])],
  },
  {
    regex: new RegExp(`\\b${MONTH_PATTERN}\\s+${DAY_PATTERN},?\\s+(\\d{4})\\b`, 'gi'),
    read: (m) => [Number(m[3]), monthNumber(m[1]!), Number(m[2])],
  },
];

function fullYear(written: string): number {
  const year = Number(written);
  if (written.length === 4) return year;
  // Two-digit years in records are recent: 21 is 2021, 85 is 1985.
  return year < 50 ? 2000 + year : 1900 + year;
}

function monthNumber(written: string): number {
  const prefix = written.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(prefix)) + 1;
}

function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1800 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** The English name of an ISO date's month, e.g. `march` for `2021-03-12`. */
export function monthNameOf(iso: string): string {
  return MONTHS[Number(iso.slice(5, 7)) - 1]!;
}

/**
 * Every full date (day, month and year) written in the text, in order: 12/03/2021, 12.03.2021, 2021-03-12,
 * 12 March 2021, 12th of March, 2021, March 12, 2021. Impossible dates (31/02/2021) are not dates.
 */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { regex, read } of PATTERNS) {
    for (const match of text.matchAll(regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((date) => start < date.end && end > date.start)) continue;
      const iso = isoOf(...read(match as RegExpExecArray));
      if (iso) found.push({ iso, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
