import { CHRONOLOGY_EVENT_KINDS, type ChronologyEventKind, type RecordFlagKind } from '@ewrt/contract';
import { isoDateToEnGb } from '../bundles/bundleDates.js';
import type { IndexedPage } from '../chronology/extractDatedMentions.js';

/** A chronology event as the flags read it: its day, kind and the pages that state it. */
export interface FlaggedEvent {
  date: string;
  precision: 'day' | 'month' | 'year';
  kind: ChronologyEventKind;
  planned: boolean;
  passage: string;
  places: readonly FlagPlace[];
}

export interface FlagPlace {
  documentId: number;
  page: number;
  chunkId: number | null;
}

/** A record-review flag with the pages that raise it. */
export interface FoundFlag {
  kind: RecordFlagKind;
  title: string;
  passage: string;
  date: string | null;
  endDate: string | null;
  days: number | null;
  places: FlagPlace[];
}

/** Kinds of event that are care the patient received (a missed appointment, a referral or a letter is not). */
const NOT_CARE: readonly ChronologyEventKind[] = [
  'missed appointment',
  'referral',
  'correspondence',
  'other',
];
const CARE_KINDS: ReadonlySet<ChronologyEventKind> = new Set(
  CHRONOLOGY_EVENT_KINDS.filter((kind) => !NOT_CARE.includes(kind)),
);

/** Investigations whose report the records should hold once requested: the name shown, and how pages write it. */
const INVESTIGATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'MRI', pattern: /\b(?:MRI|MR scan|magnetic resonance)\b/i },
  { name: 'CT', pattern: /\b(?:CT|CAT scan|computed tomography)\b/ },
  { name: 'X-ray', pattern: /\b(?:x-?rays?|radiographs?)\b/i },
  { name: 'ultrasound', pattern: /\b(?:ultrasound|USS|sonograph\w*)\b/i },
  { name: 'nerve conduction study', pattern: /\b(?:nerve conduction|NCS|EMG|electromyograph\w*)\b/i },
  { name: 'bone scan', pattern: /\b(?:bone scan|isotope scan|DEXA|DXA)\b/i },
  { name: 'Doppler scan', pattern: /\bdoppler\b/i },
];
/** Words that make a mention of an investigation a request for one, not its result. */
const REQUESTED =
  /\b(?:request(?:ed|ing)?|arrang(?:ed|e|ing)|order(?:ed)?|book(?:ed)?|refer(?:red)? for|await(?:ing|s)?|to be done|planned)\b/i;

/** Services a patient is referred to, as their letters head themselves. */
const SERVICES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'pain clinic', pattern: /\bpain (?:clinic|management|service)/i },
  { name: 'physiotherapy', pattern: /\bphysio(?:therap\w*)?\b/i },
  { name: 'orthopaedic clinic', pattern: /\borthop(?:a)?edic/i },
  { name: 'fracture clinic', pattern: /\bfracture clinic\b/i },
  { name: 'psychology', pattern: /\b(?:psycholog\w*|counselling|CBT|talking therap\w*)\b/i },
  { name: 'neurology', pattern: /\bneurolog\w*/i },
  { name: 'rheumatology', pattern: /\brheumatolog\w*/i },
  { name: 'podiatry', pattern: /\bpodiatr\w*/i },
  { name: 'occupational health', pattern: /\boccupational health\b/i },
  { name: 'neurosurgery', pattern: /\b(?:neurosurg\w*|spinal surg\w*)/i },
];
const REFERRAL = /\brefer(?:red|ral)\b[^.]*?\b(?:to|for)\b/i;

/** Records a page says will come: the words, as the flag quotes them. */
const TO_FOLLOW =
  /\b(?:(?:letter|report|results?|summary|notes?|records?)\s+(?:to follow|will follow|will be sent(?: separately| under separate cover)?|to be sent)|under separate cover)\b/gi;

/** How much of a document's first page is its heading: a report names its investigation there. */
const HEADING_CHARACTERS = 400;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** The sentence of `text` around `index`. */
function sentenceAt(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf('\n', index), text.lastIndexOf('. ', index) + 1, 0);
  const stops = [text.indexOf('\n', index), text.indexOf('. ', index)].filter((stop) => stop !== -1);
  const end = stops.length > 0 ? Math.min(...stops) + 1 : text.length;
  return text.slice(start, end).trim();
}

/** The passage (chunk) of a page that holds the character at `index`. */
function chunkAt(page: IndexedPage, index: number): number | null {
  return (
    (page.passages.find((passage) => passage.start <= index && index < passage.end) ?? page.passages[0])
      ?.chunkId ?? null
  );
}

/** A flag raised by one chronology event, citing the pages that state it. */
const eventFlag = (kind: RecordFlagKind, title: string, event: FlaggedEvent): FoundFlag => ({
  kind,
  title,
  passage: event.passage,
  date: event.date,
  endDate: null,
  days: null,
  places: [...event.places],
});

export interface RecordFlagInputs {
  /** The chronology's events, in date order. */
  events: readonly FlaggedEvent[];
  /** Every indexed page of the documents in the records (set-aside copies left out), by document. */
  pagesByDocument: ReadonlyMap<number, readonly IndexedPage[]>;
  gapDays: number;
}

/** Investigations requested that no document of the records reports (a report names it in its heading). */
function missingInvestigations({ events, pagesByDocument }: RecordFlagInputs): FoundFlag[] {
  const headings = [...pagesByDocument].map(([documentId, pages]) => ({
    documentId,
    heading: (pages[0]?.text ?? '').slice(0, HEADING_CHARACTERS),
  }));
  const flags: FoundFlag[] = [];
  const flagged = new Set<string>();
  for (const event of events) {
    if (!REQUESTED.test(event.passage)) continue;
    for (const investigation of INVESTIGATIONS) {
      if (!investigation.pattern.test(event.passage)) continue;
      const requestedIn = new Set(event.places.map((place) => place.documentId));
      const reported = headings.some(
        ({ documentId, heading }) => !requestedIn.has(documentId) && investigation.pattern.test(heading),
      );
      const key = `${investigation.name}|${event.date}`;
      if (reported || flagged.has(key)) continue;
      flagged.add(key);
      flags.push(
        eventFlag(
          'missing record',
          `${investigation.name} requested on ${isoDateToEnGb(event.date)}: no ${investigation.name} report is in the records`,
          event,
        ),
      );
    }
  }
  return flags;
}

/** Referrals to a service from which no document of the records comes (its letters name it in their heading). */
function missingReferralLetters({ events, pagesByDocument }: RecordFlagInputs): FoundFlag[] {
  const flags: FoundFlag[] = [];
  const flagged = new Set<string>();
  for (const event of events) {
    const referral = REFERRAL.exec(event.passage);
    if (!referral) continue;
    const after = event.passage.slice(referral.index);
    const service = SERVICES.find((candidate) => candidate.pattern.test(after));
    if (!service || flagged.has(service.name)) continue;
    const referredIn = new Set(event.places.map((place) => place.documentId));
    const answered = [...pagesByDocument].some(
      ([documentId, pages]) =>
        !referredIn.has(documentId) &&
        service.pattern.test((pages[0]?.text ?? '').slice(0, HEADING_CHARACTERS)),
    );
    if (answered) continue;
    flagged.add(service.name);
    flags.push(
      eventFlag(
        'missing record',
        `Referral to ${service.name} on ${isoDateToEnGb(event.date)}: no letter or report from ${service.name} is in the records`,
        event,
      ),
    );
  }
  return flags;
}

/** Letters, reports and results a page says will follow. */
function recordsToFollow({ pagesByDocument }: RecordFlagInputs): FoundFlag[] {
  const flags: FoundFlag[] = [];
  for (const pages of pagesByDocument.values()) {
    for (const page of pages) {
      for (const match of page.text.matchAll(TO_FOLLOW)) {
        flags.push({
          kind: 'missing record',
          title: `\u201c${match[0]}\u201d: check that the records hold it`,
          passage: sentenceAt(page.text, match.index),
          date: null,
          endDate: null,
          days: null,
          places: [{ documentId: page.documentId, page: page.page, chunkId: chunkAt(page, match.index) }],
        });
      }
    }
  }
  return flags;
}

/** Stretches between two days of recorded care longer than the threshold (dates known to the month at least). */
function gapsInCare({ events, gapDays }: RecordFlagInputs): FoundFlag[] {
  const care = events.filter(
    (event) => CARE_KINDS.has(event.kind) && !event.planned && event.precision !== 'year',
  );
  const flags: FoundFlag[] = [];
  for (let index = 1; index < care.length; index += 1) {
    const before = care[index - 1]!;
    const after = care[index]!;
    const days = daysBetween(before.date, after.date);
    if (days <= gapDays) continue;
    flags.push({
      kind: 'gap in care',
      title: `No recorded care for ${days} days, from ${isoDateToEnGb(before.date)} to ${isoDateToEnGb(after.date)}`,
      passage: `Before: ${before.passage}\nAfter: ${after.passage}`,
      date: before.date,
      endDate: after.date,
      days,
      places: [before.places[0]!, after.places[0]!],
    });
  }
  return flags;
}

function missedAppointments({ events }: RecordFlagInputs): FoundFlag[] {
  return events
    .filter((event) => event.kind === 'missed appointment')
    .map((event) =>
      eventFlag('missed appointment', `Missed appointment on ${isoDateToEnGb(event.date)}`, event),
    );
}

/**
 * The record review's flags, without a language model: records mentioned but absent (an investigation requested
 * with no report of it, a referral with no letter from the service, a letter "to follow"), gaps in recorded care
 * longer than the threshold, and missed appointments. Dated flags read the chronology's events (its date reading
 * and kinds); "to follow" is read from the pages.
 */
export function findRecordFlags(inputs: RecordFlagInputs): FoundFlag[] {
  return [
    ...missingInvestigations(inputs),
    ...missingReferralLetters(inputs),
    ...recordsToFollow(inputs),
    ...gapsInCare(inputs),
    ...missedAppointments(inputs),
  ];
}
