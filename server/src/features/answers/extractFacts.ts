import { findDates } from './findDates.js';
import { stemTerm } from './stemTerm.js';
import { STOP_WORDS } from './stopWords.js';

/** What a text states that can be checked: its dates, its numbers and its key terms. */
export interface TextFacts {
  /** ISO dates (`2021-03-12`), however they were written. */
  dates: string[];
  /** Numbers as written without thousands separators: `45`, `3.5`, `140/90`. */
  numbers: string[];
  /** Stemmed words that are not stop words: `mri`, `disc`, `prolaps`, `l4/5`. */
  terms: string[];
}

// Number words a record may spell out; "one" is left out, as it is more often a pronoun than a count.
const NUMBER_WORDS: Record<string, string> = {
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
};

const CITATION_MARKER = /\[(?:sources?\s*)?\d[\d\s,;–-]*\]/gi;
const TOKEN = /[\p{L}\p{N}]+(?:[./][\p{L}\p{N}]+)*/gu;
const NUMBER = /^\d+(?:[.,]\d+)*(?:\/\d+)*$/;
const NUMBER_WITH_UNIT = /^(\d+(?:\.\d+)?)(\p{L}+)$/u;
const ORDINAL = /^(\d+)(?:st|nd|rd|th)$/i;

function normaliseNumber(written: string): string {
  if (/^\d{1,3}(?:,\d{3})+$/.test(written)) return written.replace(/,/g, '');
  if (/^\d+(?:\.\d+)?$/.test(written)) return String(Number(written));
  return written;
}

/** The dates, numbers and key terms of a text; citation markers such as `[2]` are not part of what it states. */
export function extractFacts(text: string): TextFacts {
  const withoutMarkers = text.replace(CITATION_MARKER, ' ');
  const dates = findDates(withoutMarkers);
  let rest = withoutMarkers;
  for (const date of dates) {
    rest = `${rest.slice(0, date.start)}${' '.repeat(date.end - date.start)}${rest.slice(date.end)}`;
  }
  const numbers = new Set<string>();
  const terms = new Set<string>();
  for (const [token] of rest.matchAll(TOKEN)) {
    const ordinal = ORDINAL.exec(token);
    const withUnit = NUMBER_WITH_UNIT.exec(token);
    const lower = token.toLowerCase();
    if (NUMBER.test(token)) numbers.add(normaliseNumber(token));
    else if (ordinal) numbers.add(String(Number(ordinal[1])));
    else if (withUnit) {
      numbers.add(normaliseNumber(withUnit[1]!));
      terms.add(stemTerm(withUnit[2]!));
    } else if (NUMBER_WORDS[lower]) numbers.add(NUMBER_WORDS[lower]);
    else if (lower.length >= 2 && !STOP_WORDS.has(lower)) terms.add(stemTerm(lower));
  }
  return { dates: [...new Set(dates.map((date) => date.iso))], numbers: [...numbers], terms: [...terms] };
}
