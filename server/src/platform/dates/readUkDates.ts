import type { DATE_PRECISIONS } from '@ewrt/contract';

export type DatePrecision = (typeof DATE_PRECISIONS)[number];

/** A date written in a text: the first day of what it names, how precise it is, and where it is written. */
export interface WrittenDate {
  /** ISO `YYYY-MM-DD`: 2023-04-03 for a day, 2023-04-01 for "April 2023", 2023-01-01 for "in 2023". */
  iso: string;
  precision: DatePrecision;
  /** The date as written, e.g. "3rd April 2023". */
  text: string;
  start: number;
  end: number;
  /**
   * For a numeric date read in a document whose date order could not be decided: the day it names month first,
   * when that is another real day (03/04/2023 may be 4 March). The screen shows it as "day and month may be swapped".
   */
  alternativeIso?: string;
}

/**
 * How a document writes numeric dates: day first (UK), month first (US), or not decided (read day first, each
 * date that could be either flagged with its other reading).
 */
export type DateOrder = 'day-first' | 'month-first' | 'undecided';

/** A numeric date that no reading makes a real day (31/09/2021, 13/13/2020): listed, never dropped silently. */
export interface UnreadDate {
  text: string;
  start: number;
  end: number;
}

export interface ReadUkDatesOptions {
  /** The year a two-digit year is read against (this century unless that is after next year). */
  referenceYear?: number;
  /**
   * Also read a bare year that a preposition makes a time ("in 2019", "since 2018", "during 2020"); a year alone is
   * more often a number, a reference or a copyright line, so callers that want one ask for it.
   */
  bareYears?: boolean;
  /**
   * How numeric dates are read: day first (the default; a date that is no day that way is not a date), month first
   * (a date that is no day month first is read day first), or undecided (day first, else month first, and a date
   * that is a real day both ways carries the month-first reading as `alternativeIso`).
   */
  order?: DateOrder;
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

const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

interface ReadParts {
  day: number;
  month: number;
  /** As written: two or four digits. */
  year: string;
  precision: DatePrecision;
}

/** A way of writing a date, and how to read its parts. */
interface DateForm {
  pattern: RegExp;
  /** A numeric day and month (read per the document's order); the others name the month or start with the year. */
  numeric?: boolean;
  /** Offset of the date inside the match (a bare year's match includes the word before it). */
  read(match: RegExpExecArray): ReadParts & { skip?: number };
}

const monthNumber = (name: string) =>
  MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().slice(0, 3))) + 1;

// Numeric dates are read day first (UK records: 03/04/2023 is 3 April 2023); dates that start with the year are ISO.
const DATE_FORMS: readonly DateForm[] = [
  {
    // 2023-04-03, 2023/04/03, 2023.04.03
    pattern: /(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/g,
    read: (m) => ({ year: m[1]!, month: Number(m[3]), day: Number(m[4]), precision: 'day' }),
  },
  {
    // 03/04/2023, 3/4/23, 03.04.2023, 03-04-2023: the same separator twice
    pattern: /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/]|\.\d)/g,
    numeric: true,
    read: (m) => ({ day: Number(m[1]), month: Number(m[3]), year: m[4]!, precision: 'day' }),
  },
  {
    // 3rd April 2023, 3 Apr 23, 3rd of April, 2023, 15-Jun-2016 (as GP systems print it)
    pattern: new RegExp(
      `(?<![\\d-])${DAY}(?:\\s+|-)(?:of\\s+)?${MONTH_NAME}\\.?,?(?:\\s+|-)(\\d{4}|\\d{2})(?!\\d)`,
      'gi',
    ),
    read: (m) => ({ day: Number(m[1]), month: monthNumber(m[2]!), year: m[3]!, precision: 'day' }),
  },
  {
    // April 3, 2023 (as American software writes it)
    pattern: new RegExp(`(?<![\\w])${MONTH_NAME}\\.?\\s+${DAY},?\\s+(\\d{4})(?!\\d)`, 'gi'),
    read: (m) => ({ day: Number(m[2]), month: monthNumber(m[1]!), year: m[3]!, precision: 'day' }),
  },
  {
    // April 2023: the month alone
    pattern: new RegExp(`(?<![\\w])${MONTH_NAME}\\.?,?\\s+(\\d{4})(?!\\d)`, 'gi'),
    read: (m) => ({ day: 1, month: monthNumber(m[1]!), year: m[2]!, precision: 'month' }),
  },
];

const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'twenty-first',
  'twenty-second',
  'twenty-third',
  'twenty-fourth',
  'twenty-fifth',
  'twenty-sixth',
  'twenty-seventh',
  'twenty-eighth',
  'twenty-ninth',
  'thirtieth',
  'thirty-first',
];
// Longest first, so that "twenty-first" is read before "first".
const ORDINAL_WORD = `(${[...ORDINAL_WORDS].sort((a, b) => b.length - a.length).join('|')})`;

/** "the twelfth of March 2021", "Eighteenth of August 2021": a day written in words, as letters sometimes do. */
const ORDINAL_WORD_FORM: DateForm = {
  pattern: new RegExp(
    `(?<![\\w-])${ORDINAL_WORD}\\s+(?:of\\s+)?${MONTH_NAME}\\.?,?\\s+(\\d{4})(?!\\d)`,
    'gi',
  ),
  read: (m) => ({
    day: ORDINAL_WORDS.indexOf(m[1]!.toLowerCase()) + 1,
    month: monthNumber(m[2]!),
    year: m[3]!,
    precision: 'day',
  }),
};

/** "in 2019", "since 2018", "during early 2020": a year made a time by the words before it. */
const BARE_YEAR_FORM: DateForm = {
  pattern:
    /\b((?:in|during|since|from|until|by|throughout)\s+(?:(?:early|late|mid|the\s+(?:spring|summer|autumn|winter)\s+of)[\s-]+)?)((?:19|20)\d{2})(?![\d/.-]\d|\s*[-–/]\s*\d)/gi,
  read: (m) => ({ day: 1, month: 1, year: m[2]!, precision: 'year', skip: m[1]!.length }),
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A two-digit year is this century's unless that would put it after next year (98 is 1998, 19 is 2019). */
function fullYear(written: string, referenceYear: number): number {
  if (written.length === 4) return Number(written);
  const inThisCentury = Math.floor(referenceYear / 100) * 100 + Number(written);
  return inThisCentury > referenceYear + 1 ? inThisCentury - 100 : inThisCentury;
}

function isoDateOf(day: number, month: number, year: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The English name of an ISO date's month, e.g. `march` for `2021-03-12`. */
export function monthNameOf(iso: string): string {
  return MONTHS[Number(iso.slice(5, 7)) - 1]!;
}

interface Candidate {
  start: number;
  end: number;
  iso: string | null;
  alternativeIso?: string;
  precision: DatePrecision;
  numeric: boolean;
}

/** A numeric date's day as the order reads it, and its other reading when the order is not decided. */
function readNumeric(
  { day, month }: ReadParts,
  year: number,
  order: DateOrder,
): Pick<Candidate, 'iso' | 'alternativeIso'> {
  const dayFirst = isoDateOf(day, month, year);
  if (order === 'day-first') return { iso: dayFirst };
  const monthFirst = isoDateOf(month, day, year);
  if (order === 'month-first') return { iso: monthFirst ?? dayFirst };
  if (dayFirst && monthFirst && dayFirst !== monthFirst) return { iso: dayFirst, alternativeIso: monthFirst };
  return { iso: dayFirst ?? monthFirst };
}

/** Every written date of `text`, read or not, in order; where two overlap, the earlier then the longer wins. */
function scanDates(text: string, options: ReadUkDatesOptions): Candidate[] {
  const referenceYear = options.referenceYear ?? new Date().getUTCFullYear();
  const order = options.order ?? 'day-first';
  const forms = [...DATE_FORMS, ORDINAL_WORD_FORM, ...(options.bareYears ? [BARE_YEAR_FORM] : [])];
  const candidates: Candidate[] = [];
  for (const { pattern, read, numeric = false } of forms) {
    for (const match of text.matchAll(pattern)) {
      const parts = read(match as RegExpExecArray);
      const start = match.index + (parts.skip ?? 0);
      const fullYearOf = fullYear(parts.year, referenceYear);
      const reading = numeric
        ? readNumeric(parts, fullYearOf, order)
        : {
            iso:
              parts.precision === 'year' && fullYearOf > referenceYear
                ? null
                : isoDateOf(parts.day, parts.month, fullYearOf),
          };
      candidates.push({
        start,
        end: match.index + match[0].length,
        precision: parts.precision,
        numeric,
        ...reading,
      });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Candidate[] = [];
  let coveredUntil = -1;
  for (const candidate of candidates) {
    if (candidate.start < coveredUntil) continue;
    coveredUntil = candidate.end;
    kept.push(candidate);
  }
  return kept;
}

/**
 * Every date written in `text` the way UK records write them, in order: numeric dates day first (03/04/2023,
 * 3/4/23, 03.04.2023 are 3 April 2023) unless `order` says otherwise, ISO dates (2023-04-03), the month by name
 * (3rd April 2023, 3 Apr 23, 3rd of April, 2023, 15-Jun-2016, April 3, 2023), a month alone (April 2023, precision
 * month) and, when asked for, a bare year that a preposition makes a time (precision year). Where two readings
 * overlap, the one that starts first, then the longer, is the date; an impossible date (31/02/2023) is no date and
 * is not read again in parts (findUnreadDates lists it).
 */
export function readUkDates(text: string, options: ReadUkDatesOptions = {}): WrittenDate[] {
  return scanDates(text, options).flatMap(({ iso, alternativeIso, precision, start, end }) =>
    iso
      ? [
          {
            iso,
            precision,
            text: text.slice(start, end),
            start,
            end,
            ...(alternativeIso ? { alternativeIso } : {}),
          },
        ]
      : [],
  );
}

/** The numeric dates of `text` that the order cannot read as a real day (31/09/2021; 08/21/2007 read day first). */
export function findUnreadDates(text: string, options: ReadUkDatesOptions = {}): UnreadDate[] {
  return scanDates(text, options)
    .filter((candidate) => candidate.numeric && !candidate.iso)
    .map(({ start, end }) => ({ text: text.slice(start, end), start, end }));
}

/** The last day of what a written date names: the day itself, the month's last day, or 31 December. */
export function lastDayOf(iso: string, precision: DatePrecision): string {
  if (precision === 'day') return iso;
  if (precision === 'year') return `${iso.slice(0, 4)}-12-31`;
  const [year, month] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return `${iso.slice(0, 7)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}
