import type { CHUNK_SOURCES, ChronologyEventKind } from '@ewrt/contract';
import { dateLabelBefore } from '../../platform/dates/dateLabelBefore.js';
import {
  findUnreadDates,
  readUkDates,
  type DateOrder,
  type DatePrecision,
  type WrittenDate,
} from '../../platform/dates/readUkDates.js';
import {
  classifyEventKind,
  classifyEventKindAt,
  entryHeadingKind,
  entryKind,
  isPlannedCare,
  soundsClinical,
} from './classifyEventKind.js';
import { clinicianOfLine } from './findDocumentAuthor.js';

type ChunkSource = (typeof CHUNK_SOURCES)[number];

/** One indexed passage of a page, placed in the page's text. */
export interface PagePassage {
  chunkId: number;
  start: number;
  end: number;
  source: ChunkSource;
  ocrConfidence: number | null;
}

/** One page of one of the patient's documents, as indexed. */
export interface IndexedPage {
  documentId: number;
  page: number;
  text: string;
  passages: readonly PagePassage[];
}

/** A dated statement found on a page: a candidate event before copies of it are merged. */
export interface DatedMention {
  iso: string;
  precision: DatePrecision;
  dateText: string;
  passage: string;
  documentId: number;
  page: number;
  chunkId: number | null;
  source: ChunkSource;
  ocrConfidence: number | null;
  /** Where the date is written on its page: two findings of one page are never one event. */
  at: number;
  /** The month-first reading of a date whose document cannot tell day from month ("day and month may be swapped"). */
  alternativeIso: string | null;
  /** Care planned, not given: a review "on or around" the date, an operation it is listed for. */
  planned: boolean;
  /** The kind by rules: the kind whose keyword stands nearest the date in its passage. */
  kind: ChronologyEventKind;
  /**
   * The clinician its own line names (an entry heading's "- Dr Helen Wilson", "… by Dr. Alvarez"), null for a
   * heading that names a role only; undefined when the line says nothing of it (the document's author is then it).
   */
  clinician?: string | null;
}

/** A numeric date on a page that could not be read as a real day: listed as an "unread date", never dropped. */
export interface UnreadPageDate {
  documentId: number;
  page: number;
  text: string;
  /** The line that holds it, for the reader to judge. */
  passage: string;
}

/** Longest passage kept around a date; a longer sentence is cut at words with "…". */
export const MAX_PASSAGE_LENGTH = 400;

/** Lines that carry a date without stating an event: references, page footers, system stamps. */
const NOT_AN_EVENT_LINE = [
  /^\s*(?:our|your|my|letter|hospital|nhs|clinic)?\s*(?:ref(?:erence)?|no\.?|number)\b\.?\s*[:#]?/i,
  /\bpage\s+\d+\s+(?:of|\/)\s+\d+\b/i,
  /^\s*page\s+\d+\b/i,
  // A copy list starts its line ("CC: Mrs J Pritchard"); "CC:" inside a line is a US note's chief complaint.
  /^\s*(?:cc|c\.c|copy to|copies to|enc(?:losure)?s?)\b\.?\s*:?/i,
  // The subject line of a letter names the patient and the case, not an event: the body states them.
  /^\s*re\s*:/i,
  /\b(?:electronically signed|signed electronically|reported by)\b/i,
];
/** Words a table's header row holds besides its dates ("Measure 20/01/2023 18/05/2023", "Date  INR  Dose"). */
const TABLE_HEADER_WORDS = 3;
/** A line that holds only a date and a label saying it dates the letter itself: "Date: 03/04/2023", "Clinic date". */
const DOCUMENT_DATE_LINE =
  /^\s*(?:(?:date(?:d)?|date\s+of\s+(?:letter|clinic|consultation|report|statement|service)|clinic\s+date|letter\s+date|date\s+seen|seen\s+on|seen)\s*[:\-–]?\s*)?$/i;
/** A date line whose label says the care was given that day ("Clinic date:", "DATE OF CONSULTATION:", "Seen:"). */
const CARE_DATE_LABEL = /\b(?:clinic|consultation|service|seen)\b/i;
/** A letterhead line that carries the letter's date beside a telephone or fax number. */
const LETTERHEAD_DATE_LINE = /^\s*(?:tel(?:ephone)?|phone|fax|secretary)\b[^a-z]*$/i;
/** Lines after a date line that open a letter without saying what happened: salutation, subject, typing dates. */
const LETTER_FORMALITY =
  /^\s*(?:dear\b|re\s*:|typed|dictated|transcribed|date\b|our ref|your ref|private|confidential|diagnosis\s*:|nhs number|patient\s*:)/i;
/** An opening that says the letter reports that day's care: "I saw Mrs Pritchard in clinic today". */
const SAME_DAY_CARE =
  /\b(?:today|this (?:morning|afternoon)|came to clinic|I (?:saw|reviewed|assessed|examined) (?:\w+\s+){1,3}in (?:the )?(?:\w+\s+)?clinic\b(?![^.]*\bon\b))/i;

const ABBREVIATION_BEFORE_STOP =
  /(?:^|[^A-Za-z])(?:dr|mr|mrs|ms|prof|st|no|ref|e\.g|i\.e|approx|vs|[A-Z]|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/i;

const lineStartOf = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

function lineAround(text: string, start: number, end: number) {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline;
  return { lineStart, lineEnd, line: text.slice(lineStart, lineEnd) };
}

/** A line that opens with a date starts a new entry (a GP record's consultation, a note of a one-note-per-line file). */
const DATED_LINE_START =
  /^\s*(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?[\s-](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s-]\d{2,4})\b/i;

/** A line that opens with a field's label ("Procedure: …", "Assessed by: …") starts a new statement. */
const FIELD_LINE_START = /^\s*[A-Z][A-Za-z]*(?:\s+[A-Za-z]+){0,3}\s*:\s/;

/** Whether the character at `at` ends a sentence: a full stop before a new sentence, a blank line, a heading's end. */
function isBoundary(text: string, at: number): boolean {
  const char = text[at];
  if (char === '\n') {
    const nextLineEnd = text.indexOf('\n', at + 1);
    const nextLine = text.slice(at + 1, nextLineEnd === -1 ? text.length : nextLineEnd);
    if (nextLine.trim() === '' || DATED_LINE_START.test(nextLine) || FIELD_LINE_START.test(nextLine))
      return true;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const line = text.slice(lineStart, at).trimEnd();
    // A line that ends with punctuation, or a short heading line, ends what it says; a wrapped line does not.
    return /[.!?:;]$/.test(line) || line.length < 40;
  }
  if (char === '.' || char === '!' || char === '?') {
    if (!/^\s+["'“‘(]?[\p{Lu}\p{N}]/u.test(text.slice(at + 1, at + 4))) return false;
    return char !== '.' || !ABBREVIATION_BEFORE_STOP.test(text.slice(Math.max(0, at - 6), at));
  }
  return false;
}

/** Words besides its date that make a sentence say something ("07/10/07 FOLLOW-UP." is only a heading). */
const WORDS_OF_A_STATEMENT = 4;

/**
 * The sentence (or heading line) of the page that holds text[start, end), flattened and cut to the maximum length.
 * A sentence that is only a heading with the date ("07/10/07 FOLLOW-UP.") runs on into the next sentences of its
 * line, which say what happened.
 */
export function sentenceAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && !isBoundary(text, from - 1)) from -= 1;
  let to = end;
  const extend = () => {
    while (to < text.length && !isBoundary(text, to)) to += 1;
    if (to < text.length && text[to] !== '\n') to += 1;
  };
  extend();
  const wordsBesideDate = () =>
    (`${text.slice(from, start)} ${text.slice(end, to)}`.match(/\p{L}{2,}/gu) ?? []).length;
  while (
    wordsBesideDate() < WORDS_OF_A_STATEMENT &&
    to < text.length &&
    text[to - 1] !== '\n' &&
    text[to] !== '\n'
  ) {
    to += 1;
    extend();
  }
  return cutAround(text.slice(from, to), start - from, end - from);
}

/** The passage flattened to single spaces, cut at words to the maximum length, the date kept inside. */
function cutAround(passage: string, dateStart: number, dateEnd: number): string {
  const flat = (value: string) => value.replace(/\s+/g, ' ');
  const whole = flat(passage).trim();
  if (whole.length <= MAX_PASSAGE_LENGTH) return whole;
  const before = flat(passage.slice(0, dateStart));
  const date = flat(passage.slice(dateStart, dateEnd));
  const after = flat(passage.slice(dateEnd));
  const room = MAX_PASSAGE_LENGTH - date.length;
  const keptBefore = Math.min(before.length, Math.max(Math.floor(room / 3), room - after.length));
  const keptAfter = Math.min(after.length, room - keptBefore);
  let head = before.slice(before.length - keptBefore);
  let tail = after.slice(0, keptAfter);
  if (keptBefore < before.length) head = `…${head.slice(head.indexOf(' ') + 1)}`;
  if (keptAfter < after.length) tail = `${tail.slice(0, Math.max(0, tail.lastIndexOf(' ')))}…`;
  return `${head}${date}${tail}`.trim();
}

/**
 * The few lines after a letter's date line that say what the letter is about ("I saw Mr Smith in clinic today"),
 * past its salutation, subject line and typing dates; '' when neither its label ("Clinic date:") nor they say care
 * was given that day (a letter dated one day about care on other days dates no event of its own).
 */
function openingAfter(text: string, lineEnd: number, careThatDay: boolean): string {
  const after = text.slice(lineEnd).split('\n');
  let skipped = 0;
  while (
    skipped < after.length &&
    (after[skipped]!.trim() === '' || LETTER_FORMALITY.test(after[skipped]!))
  ) {
    skipped += 1;
  }
  const rest = after.slice(skipped).join('\n').replace(/^\s+/, '');
  if (!careThatDay && !SAME_DAY_CARE.test(rest.slice(0, 300))) return '';
  const sentence = sentenceAround(rest, 0, 0);
  const lines = rest.split('\n').filter((line) => line.trim() !== '');
  let opening = sentence;
  for (const line of lines.slice(1)) {
    if (opening.length >= 60) break;
    opening = `${opening} ${line.trim()}`;
  }
  return cutAround(opening, 0, 0);
}

function passageAt(page: IndexedPage, index: number): PagePassage | null {
  return page.passages.find((passage) => passage.start <= index && index < passage.end) ?? null;
}

/**
 * Every dated statement on the indexed pages that may be a clinical event, in page order. A date is passed over when
 * a label before it makes it a date of birth or a dictated, typed, transcribed or printed date, when its line is a
 * reference, a page footer or a copy list, and a bare year ("in 2019") unless its sentence names something clinical.
 * A date alone on a letter's date line ("Date: 03/04/2023") dates the letter: it is an event (with the letter's
 * opening as its passage) only when the page states nothing else on that date.
 */
export function extractDatedMentions(
  pages: readonly IndexedPage[],
  referenceYear: number,
  order: DateOrder = 'day-first',
): DatedMention[] {
  const mentions: DatedMention[] = [];
  for (const page of pages) {
    const found = readUkDates(page.text, { referenceYear, bareYears: true, order });
    const onPage: DatedMention[] = [];
    const documentDates: { date: WrittenDate; lineEnd: number; care: boolean }[] = [];
    let entry: { clinician: string | null | undefined } | null = null;
    for (const date of found) {
      if (dateLabelBefore(page.text, date.start)) continue;
      const { line, lineStart, lineEnd } = lineAround(page.text, date.start, date.end);
      if (NOT_AN_EVENT_LINE.some((pattern) => pattern.test(line))) continue;
      if (isTableHeader(line, found, lineStart)) continue;
      const rest = `${line.slice(0, date.start - lineStart)}${line.slice(date.end - lineStart)}`;
      if (DOCUMENT_DATE_LINE.test(rest) || LETTERHEAD_DATE_LINE.test(rest)) {
        documentDates.push({ date, lineEnd, care: CARE_DATE_LABEL.test(rest) });
        continue;
      }
      const passage = sentenceAround(page.text, date.start, date.end);
      if (date.precision === 'year' && !soundsClinical(passage)) continue;
      const mention = mentionOf(page, date, passage);
      // A line that opens with its date starts an entry; its clinician is that of the entry's later lines too.
      if (date.start === lineStart + line.length - line.trimStart().length)
        entry = { clinician: mention.clinician };
      else if (mention.clinician === undefined && entry && entry.clinician !== undefined) {
        mention.clinician = entry.clinician;
      }
      onPage.push(mention);
    }
    for (const { date, lineEnd, care } of documentDates) {
      if (onPage.some((mention) => mention.iso === date.iso)) continue;
      const opening = openingAfter(page.text, lineEnd, care);
      if (opening === '') continue;
      onPage.push(mentionOf(page, date, `${date.text}: ${opening}`));
    }
    mentions.push(...onPage);
  }
  return mentions;
}

/**
 * A line of two or more dates and at most a few words, none of them a label ("Seen: … Typed: …"): a table's header
 * row, whose dates head columns.
 */
function isTableHeader(line: string, dates: readonly WrittenDate[], lineStart: number): boolean {
  const onLine = dates.filter((date) => date.start >= lineStart && date.end <= lineStart + line.length);
  if (onLine.length < 2 || line.includes(':')) return false;
  let rest = line;
  for (const date of [...onLine].reverse()) {
    rest = `${rest.slice(0, date.start - lineStart)} ${rest.slice(date.end - lineStart)}`;
  }
  return (rest.match(/[\p{L}]+/gu) ?? []).length <= TABLE_HEADER_WORDS;
}

/**
 * The numeric dates of the pages that no reading in the document's order makes a real day, with their lines; a
 * date of birth among them is left out (it dates no event).
 */
export function findUnreadPageDates(
  pages: readonly IndexedPage[],
  referenceYear: number,
  order: DateOrder = 'day-first',
): UnreadPageDate[] {
  return pages.flatMap((page) =>
    findUnreadDates(page.text, { referenceYear, order })
      .filter((date) => dateLabelBefore(page.text, date.start) !== 'birth')
      .map((date) => ({
        documentId: page.documentId,
        page: page.page,
        text: date.text,
        passage: lineAround(page.text, date.start, date.end).line.trim().replace(/\s+/g, ' '),
      })),
  );
}

/** Lines looked back for a table's header row. */
const TABLE_HEADER_LOOKBACK = 8;

/**
 * The kind of a table row's date ("10/05/2021   1.6   5 mg") from the table's header row ("Date  INR  Warfarin
 * dose"): the nearest line above without a date. Null when the line is not a row of figures.
 */
function tableRowKind(text: string, date: WrittenDate): ChronologyEventKind | null {
  const { line, lineStart } = lineAround(text, date.start, date.end);
  if (date.start !== lineStart + line.length - line.trimStart().length) return null;
  const rest = line.slice(date.end - lineStart);
  if ((rest.match(/\p{L}{3,}/gu) ?? []).length > 1) return null;
  const above = text
    .slice(0, lineStart)
    .split('\n')
    .slice(-TABLE_HEADER_LOOKBACK - 1, -1)
    .reverse();
  const header = above.find((candidate) => candidate.trim() !== '' && readUkDates(candidate).length === 0);
  if (!header) return null;
  const kind = classifyEventKind(header);
  return kind === 'other' ? null : kind;
}

/**
 * The kind of a dated mention: a table row's by its header, an entry's by its heading ("Telephone consultation -
 * Dr …"), else by the keyword nearest the date in its passage; an entry that names none records a consultation.
 */
function kindOfMention(
  text: string,
  date: WrittenDate,
  passage: string,
  dateStart: number,
  dateEnd: number,
): ChronologyEventKind {
  const byTable = tableRowKind(text, date);
  if (byTable) return byTable;
  const byKeywords = classifyEventKindAt(passage, dateStart, dateEnd);
  const { line, lineStart } = lineAround(text, date.start, date.end);
  if (date.start !== lineStart + line.length - line.trimStart().length) return byKeywords;
  // A missed appointment or a discharge the entry reports outweighs the kind of contact its heading names.
  if (byKeywords === 'missed appointment' || byKeywords === 'discharge') return byKeywords;
  return entryHeadingKind(line.slice(date.end - lineStart)) ?? entryKind(byKeywords, passage);
}

function mentionOf(page: IndexedPage, date: WrittenDate, passage: string): DatedMention {
  const indexed = passageAt(page, date.start);
  // The passage is flattened to single spaces: a date written across a line break is found flattened too.
  const flatDate = date.text.replace(/\s+/g, ' ');
  const at = passage.indexOf(flatDate);
  const dateStart = at === -1 ? 0 : at;
  const { line } = lineAround(page.text, date.start, date.end);
  const clinician = clinicianOfLine(
    line,
    page.text.slice(date.end, date.end + 80),
    page.text.slice(Math.max(lineStartOf(page.text, date.start), date.start - 40), date.start),
  );
  return {
    iso: date.iso,
    precision: date.precision,
    dateText: date.text,
    passage,
    documentId: page.documentId,
    page: page.page,
    chunkId: indexed?.chunkId ?? null,
    source: indexed?.source ?? 'text',
    ocrConfidence: indexed?.ocrConfidence ?? null,
    at: date.start,
    alternativeIso: date.alternativeIso ?? null,
    planned: at !== -1 && isPlannedCare(passage.slice(0, dateStart)),
    kind: kindOfMention(page.text, date, passage, dateStart, dateStart + flatDate.length),
    ...(clinician === undefined ? {} : { clinician }),
  };
}
