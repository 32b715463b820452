const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** A date form found in text, and how to read its parts as day, month and year. */
interface DatePattern {
  pattern: RegExp;
  read(match: RegExpExecArray): { day: number; month: number; year: string };
}

const monthNumber = (name: string) => MONTHS[name.toLowerCase().slice(0, 3)]!;

/** The UK ways of writing a date: day before month, numerals or the month's name; ISO as written by systems. */
const DATE_PATTERNS: readonly DatePattern[] = [
  {
    // 2023-04-03
    pattern: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g,
    read: (match) => ({ year: match[1]!, month: Number(match[2]), day: Number(match[3]) }),
  },
  {
    // 03/04/2023, 3.4.23, 03-04-2023: the same separator twice, day first
    pattern: /(?<!\d)(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/g,
    read: (match) => ({ day: Number(match[1]), month: Number(match[3]), year: match[4]! }),
  },
  {
    // 3rd April 2023, 3 Apr 23, 3rd of April, 2023
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}\\.?,?\\s+(\\d{4}|\\d{2})(?!\\d)`,
      'gi',
    ),
    read: (match) => ({ day: Number(match[1]), month: monthNumber(match[2]!), year: match[3]! }),
  },
  {
    // April 2023: the month alone stands for its first day
    pattern: new RegExp(`(?<![\\w])${MONTH_NAME}\\.?,?\\s+(\\d{4})(?!\\d)`, 'gi'),
    read: (match) => ({ day: 1, month: monthNumber(match[1]!), year: match[2]! }),
  },
];

/**
 * Words that make the date after them something other than the document's own date: a date of birth on a letter's
 * header, or the day a record was printed out of a system.
 */
const NOT_THE_DOCUMENTS_DATE =
  /(?:\bd\.?\s?o\.?\s?b\b\.?|\bdate\s+of\s+birth|\bborn(?:\s+on)?|\bprinted(?:\s+(?:on|at))?)\s*[:\-–]?\s*$/i;
/** How far back, on the same line, those words are looked for. */
const LOOK_BEHIND_CHARACTERS = 30;

const pad = (value: number) => String(value).padStart(2, '0');

/** A two-digit year is this century's unless that would put it after next year. */
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

function followsExcludedWords(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - LOOK_BEHIND_CHARACTERS), index);
  const sameLine = before.slice(before.lastIndexOf('\n') + 1);
  return NOT_THE_DOCUMENTS_DATE.test(sameLine);
}

/**
 * The first date written in `text` the way UK records write it (day before month: 03/04/2023 is 3 April 2023), as
 * an ISO date, or null when there is none. A date right after "DOB", "Date of birth", "born" or "printed" is not
 * the document's date and is passed over; so is an impossible one (31/02/2023).
 */
export function findDocumentDate(text: string, referenceYear = new Date().getUTCFullYear()): string | null {
  const found: { index: number; end: number; iso: string | null }[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const { day, month, year } = read(match);
      found.push({
        index: match.index,
        end: match.index + match[0].length,
        iso: isoDateOf(day, month, fullYear(year, referenceYear)),
      });
    }
  }
  // Earliest first; of two forms starting at one place the longer reading is the whole date.
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  let coveredUntil = -1;
  for (const candidate of found) {
    if (candidate.index < coveredUntil) continue;
    coveredUntil = candidate.end;
    if (candidate.iso && !followsExcludedWords(text, candidate.index)) return candidate.iso;
  }
  return null;
}
