import type { DateOrder } from './readUkDates.js';

/** Day, month and year of a numeric date, as written: 08/21/2007, 21.08.07. */
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})(?![\d/]|\.\d)/g;

/**
 * What says a document comes from the United States: a state and ZIP code ("Tampa, FL 33606"), a US telephone
 * number, a physician's ", MD", American section headings and spellings.
 */
const US_SIGNS = [
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?\b/,
  /\(\d{3}\)\s*\d{3}-\d{4}/,
  /,\s*M\.?D\.?\b/,
  /\b(?:DATE OF SERVICE|HISTORY OF PRESENT ILLNESS|CHIEF COMPLAINT|MRN|ER visit|emergency room|orthopedics?|pediatric|anesthesia)\b/i,
];

/** What says a document is from the UK: the NHS, a UK postcode, a GP, UK spellings of the specialties. */
const UK_SIGNS = [
  /\bNHS\b/,
  /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/,
  /\b(?:GP|A&E|orthopaedic\w*|paediatric\w*|anaesthe\w*|haematolog\w*|Yours sincerely|Yours faithfully)\b/i,
];

/**
 * How a document writes its numeric dates, decided from the whole document: month first when one of its dates can
 * only be read month first (a second number above 12: 08/21/2007) and none only day first, day first for the
 * reverse; when its dates cannot tell, by where it comes from (a US address, telephone or heading; the NHS, a UK
 * postcode, a GP). A document that says nothing either way is undecided: read day first, each date that could be
 * either flagged.
 */
export function decideDateOrder(text: string): DateOrder {
  let dayFirstOnly = 0;
  let monthFirstOnly = 0;
  for (const match of text.matchAll(NUMERIC_DATE)) {
    const [first, second] = [Number(match[1]), Number(match[3])];
    if (first > 12 && second <= 12) dayFirstOnly += 1;
    if (second > 12 && first <= 12) monthFirstOnly += 1;
  }
  if (monthFirstOnly > 0 && dayFirstOnly === 0) return 'month-first';
  if (dayFirstOnly > 0 && monthFirstOnly === 0) return 'day-first';
  const us = US_SIGNS.some((sign) => sign.test(text));
  const uk = UK_SIGNS.some((sign) => sign.test(text));
  if (us && !uk) return 'month-first';
  if (uk && !us) return 'day-first';
  if (monthFirstOnly !== dayFirstOnly) return monthFirstOnly > dayFirstOnly ? 'month-first' : 'day-first';
  return 'undecided';
}
