import type { ChronologyEventKind } from '@ewrt/contract';

/**
 * Where "surgery" names a GP practice, not an operation (UK usage): "Larchfield Surgery", "the GP surgery",
 * "Surgery consultation", "at the surgery". Taken out before kinds are read.
 */
const PRACTICE_SURGERY =
  /\b(?:(?:[A-Z][a-z]+\s+)+Surgery\b(?!\s+(?:on|was|performed))|(?:GP|the|at|doctor'?s|practice)\s+[Ss]urgery\b|[Ss]urgery\s+(?:consultation|appointment|visit|telephone|hours))/g;

/** A dose as records write it: "500 mg", "4500 units", "45 g", "0.075%". */
const DOSE = String.raw`\b\d+(?:\.\d+)?\s?(?:mg|mcg|micrograms?|g|ml|units)\b|\b\d+(?:\.\d+)?%`;
/**
 * A medicine by the ending its international non-proprietary name shares with its class (WHO stems): amlodipine,
 * ramipril, atenolol, losartan, atorvastatin, diazepam, amoxicillin, tinzaparin, apixaban, warfarin, sertraline's
 * kin fluoxetine, amitriptyline, ibuprofen, omeprazole, gabapentin, co-codamol.
 */
const DRUG_NAME = String.raw`\b[a-z]{2,}(?:dipine|pril|olol|sartan|statin|azepam|cillin|mycin|parin|xaban|farin|oxetine|triptyline|profen|prazole|gabalin|pentin|codamol|oxacin|cycline)\b`;

/**
 * Keywords of each kind, in the order they are tried: a missed appointment or an emergency attendance says what
 * happened whatever else the passage names; what was done to the patient (an operation, a scan) says more than how
 * it was written up; a passage that only names a letter is correspondence once no clinical keyword matched.
 */
const KIND_RULES: readonly [ChronologyEventKind, RegExp][] = [
  [
    'missed appointment',
    /\b(?:did not attend|DNA|no[- ]show|failed to attend|missed (?:\w+\s+){0,3}appointment)\b/i,
  ],
  [
    'emergency attendance',
    /\b(?:A&E|A and E|emergency department|ED (?:attendance|record|note)|casualty|emergency room|ER visit|triage|by ambulance)|(?<=\s|^)A&E\b/i,
  ],
  [
    'operation',
    /\b(?:operation|operated|operative|surgery|surgical|arthroscop\w*|\w+ectomy|\w+plasty|\w+otomy|arthrodesis|fusion|fixation|ORIF|decompression|under general anaesthetic|procedure)\b/i,
  ],
  [
    'imaging',
    /\b(?:MRI|X-?rays?|XR|radiograph\w*|CT|ultrasound|USS|Doppler|duplex|scan(?:s|ned)?|imaging)\b/i,
  ],
  ['discharge', /\b(?:discharged?|discharge date)\b/i],
  ['admission', /\b(?:admitted|admission|admitted to (?:the )?ward)\b/i],
  [
    'test result',
    /\b(?:blood tests?|results?|ECG|INR|nerve conduction|bloods|haemoglobin|biopsy|eGFR|smear|screen(?:ing)?|urea)\b/i,
  ],
  [
    'therapy',
    /\b(?:physiotherap\w*|physio|CBT|cognitive behavioural|counselling|psychotherap\w*|therapy|therapist|rehabilitation|hydrotherapy|session|visit \d+|insoles|evaluation|(?:pain management |exercise |rehabilitation )programme)\b/i,
  ],
  [
    'prescription',
    new RegExp(
      String.raw`\b(?:prescribed|prescription|started on|commenced on|stopped|discontinued|dispensed|medication|warfarin|coumadin|vaccine|tablets|capsules|cream|ointment|inhaler|injections?)\b|${DOSE}|${DRUG_NAME}`,
      'i',
    ),
  ],
  [
    'consultation',
    /\b(?:seen|saw|reviewed|review|clinic|consultation|consulted|attended|attendance|appointment|examined|examination|assessment|assessed|GP|ward round|clerking|visit|follow-?up|return(?!\s+to\s+(?:work|driving|sport|normal))|(?:will|to) see|registration)\b/i,
  ],
  ['referral', /\b(?:referred|referral|re-?referred)\b/i],
  ['correspondence', /\b(?:letter|wrote|written|correspondence|report)\b/i],
];

/**
 * Care that is only asked for or awaited ("referred for physiotherapy", "listed for arthroscopy") has not happened
 * yet: what it names does not decide the kind, the referral that made it does.
 */
const INTENDED_CARE =
  /\b(?:referred|referral|re-?referred)\s+(?:on\s+|back\s+)?(?:to|for)\b(?!\s+(?:us|me|this (?:clinic|service))\b)[^.;]*|\b(?:awaiting|waiting list for|requested)\b[^.;]*/gi;

const withoutPracticeNames = (text: string) =>
  // Same length ("clinic " for "Surgery"), so that positions in the passage still hold.
  text.replace(PRACTICE_SURGERY, (named) => named.replace(/[Ss]urgery/, 'clinic '));

/** The kind of the event a passage states, by keywords alone (used without a language model, or when it fails). */
export function classifyEventKind(passage: string): ChronologyEventKind {
  const done = withoutPracticeNames(passage).replace(INTENDED_CARE, (intended) =>
    /^re(?:-?referred|ferr)/i.test(intended) ? ' referral ' : ' ',
  );
  for (const [kind, pattern] of KIND_RULES) if (pattern.test(done)) return kind;
  return 'other';
}

/** The rules as global patterns, to find every keyword of a passage (made once: a chronology reads thousands). */
const GLOBAL_KIND_RULES = KIND_RULES.map(
  ([kind, pattern]) => [kind, new RegExp(pattern.source, 'gi')] as const,
);

/** How much farther a keyword after the date counts than one before it ("X-ray on 03/04/2023" names its date). */
const AFTER_DATE_DISTANCE = 1.5;
/**
 * An imaging test that the sentence says showed something: the sentence reports imaging, wherever the clinic is.
 * The words between may hold a date's full stops ("X-rays taken on 30.04.2021 show").
 */
const IMAGING_FINDING =
  /\b(?:X-?rays?|XR|CT|MRI|ultrasound|Doppler|duplex|scan|radiographs?)\b(?:[^.]|\.(?=\d)){0,80}\b(?:show|shows|showed|revealed|confirmed|demonstrat\w*)\b/i;
/**
 * A medicine started, stopped or changed in the sentence: that is what its date records, more than the visit or the
 * referral it happened at ("warfarin was stopped at her clinic visit on 05/08/2021").
 */
const PRESCRIBING_ACT = new RegExp(
  String.raw`\b(?:started|stopped|commenced|discontinued|prescribed|increased|reduced|switched)\b[^.;]*?(?:${KIND_RULES.find(([kind]) => kind === 'prescription')![1].source})|(?:${KIND_RULES.find(([kind]) => kind === 'prescription')![1].source})[^.;]*?\b(?:started|stopped|commenced|discontinued)\b`,
  'i',
);
/**
 * The day of an injury that sent the patient to hospital: in UK records a road traffic collision or a fracture is
 * dated by the emergency attendance that treated it ("road traffic collision on 12/03/2021").
 */
const INJURY_ATTENDANCE =
  /\b(?:road traffic (?:collision|accident)|RTC|RTA|collision|fractur(?:e|ed|es)\s+(?:on|in)\b)/gi;
/**
 * Words that name a kind without saying it happened on the date: a test that goes with a planned visit ("review with
 * a repeat X-ray"), care around an operation ("post-operative review"), an operation not done ("without an
 * operation"). Blanked before keywords are weighed.
 */
const NOT_THE_EVENT =
  /\bwith\s+(?:an?\s+)?(?:repeat\s+|further\s+|check\s+)?(?:X-?rays?|XR|INR|bloods|blood tests?|radiographs?|imaging)\b|\b(?:post|pre|peri)-?op(?:erative(?:ly)?)?\b|\b(?:without|no|not for)\s+(?:an?\s+)?(?:operation|surgery)\b|\bnon-?operative(?:ly)?\b/gi;
/**
 * A generic label that introduces the date itself ("Date of examination:", "Date of assessment:") names no kind: the
 * record's own words around it do (the X-ray examined, the physiotherapist who assessed).
 */
const GENERIC_DATE_LABEL_BEFORE =
  /\bdate\s+of\s+(?:examination|assessment|service|report|visit|attendance)\s*[:\-–]?\s*$/i;
/** A preposition that ties a word to the date after it ("collision on 12/03/2021"): the pair is one phrase. */
const PREPOSITION_BEFORE_DATE = /\s+(?:on|in|of|from|since|dated)\s+(?:the\s+)?$/i;
/** After a date, a keyword that labels the next field ("Discharged:", "DISCHARGE DATE:") dates that field's date. */
const NEXT_FIELD_LABEL = /^\s*(?:date\s*)?:/i;
/** The words of a discharge, which outweigh the session or review it ended unless an admission is dated beside it. */
const DISCHARGE = /\b(?:discharged|discharge)\b/i;
const ADMISSION = /\b(?:admitted|admission)\b/i;
/** How far after its date a missed appointment still names what the date dates (not an earlier one reported). */
const MISSED_AFTER_DATE = 30;

/** The characters of a preposition that ties the words before a date to it, counted as no distance. */
const tiedTo = (between: string) => PREPOSITION_BEFORE_DATE.exec(between)?.[0].length ?? 0;

/** The passage with care only asked for read as a referral, every character kept in place. */
function withIntendedCareAsReferral(text: string): string {
  return text.replace(INTENDED_CARE, (intended) =>
    /^re(?:-?referred|ferr)/i.test(intended)
      ? `referral${' '.repeat(Math.max(0, intended.length - 8))}`.slice(0, intended.length)
      : ' '.repeat(intended.length),
  );
}

/**
 * The kind of the event dated at [dateStart, dateEnd) of a passage: of the kinds the passage names, the one whose
 * keyword stands nearest the date (a keyword before it counting nearer), so that a sentence with two dated events
 * ("Date of admission: 12/03/2021 Date of discharge: 15/03/2021") gives each its own. A missed appointment decides
 * it when named before the date or just after it; a discharge does unless an admission is named too; an imaging test that "showed" something makes it imaging.
 */
export function classifyEventKindAt(
  passage: string,
  dateStart: number,
  dateEnd: number,
): ChronologyEventKind {
  const blank = (words: string) => ' '.repeat(words.length);
  const label = GENERIC_DATE_LABEL_BEFORE.exec(passage.slice(0, dateStart));
  const unlabelled = label
    ? `${passage.slice(0, label.index)}${blank(label[0])}${passage.slice(dateStart)}`
    : passage;
  const text = withIntendedCareAsReferral(withoutPracticeNames(unlabelled)).replace(NOT_THE_EVENT, blank);
  for (const match of text.matchAll(GLOBAL_KIND_RULES[0]![1])) {
    if (match.index < dateStart || match.index - dateEnd <= MISSED_AFTER_DATE) return 'missed appointment';
  }
  if (DISCHARGE.test(text) && !ADMISSION.test(text)) return 'discharge';
  if (IMAGING_FINDING.test(text)) return 'imaging';
  if (PRESCRIBING_ACT.test(text)) return 'prescription';
  let best: { kind: ChronologyEventKind; distance: number } | null = null;
  for (const [kind, global] of [...GLOBAL_KIND_RULES, ['emergency attendance', INJURY_ATTENDANCE] as const]) {
    for (const match of text.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      if (start >= dateEnd && NEXT_FIELD_LABEL.test(text.slice(end))) continue;
      const before = end <= dateStart ? dateStart - end - tiedTo(text.slice(end, dateStart)) : 0;
      const distance =
        end <= dateStart ? before : start >= dateEnd ? (start - dateEnd) * AFTER_DATE_DISTANCE : 0;
      if (!best || distance < best.distance) best = { kind, distance };
    }
  }
  return best?.kind ?? 'other';
}

/** Words before a date that make it care planned, not care given ("review in three months, on or around …"). */
const PLANNED_BEFORE =
  /\b(?:will (?:review|see|be seen|be reviewed)|review (?:\w+\s+)?in|on or around|appointment (?:has been |was )?(?:made|booked|arranged)|next appointment|listed for|scheduled for|provisionally|booked for|planned for|follow-?up\s*(?::|in\b|on\b|with\b)|return\b|starting with|to be seen)/i;

/** Whether the words of its sentence before a date say the care it dates is planned, not given. */
export function isPlannedCare(before: string): boolean {
  return PLANNED_BEFORE.test(before);
}

/** Whether a passage names anything clinical at all (any kind but 'other'): a bare year needs it to be an event. */
export function soundsClinical(passage: string): boolean {
  return classifyEventKind(passage) !== 'other';
}

/**
 * A GP system's entry heading: the date (and time) that opens a line, what kind of contact it was, a dash and who
 * made it ("07 Feb 2023 16:20 Telephone consultation - Dr Anil Mehta"). The kind of contact dates the entry: what
 * the lines below report (a drug another clinic started) happened on other days.
 */
const ENTRY_HEADING = /^\s*(?:\d{1,2}:\d{2}\s+)?([A-Za-z][A-Za-z &'’/-]{2,40}?)\s+[-–]\s+\S/;

/** The kind an entry heading names, given the line's text after its date; null when the line is no such heading. */
export function entryHeadingKind(afterDate: string): ChronologyEventKind | null {
  const heading = ENTRY_HEADING.exec(afterDate);
  if (!heading) return null;
  const kind = classifyEventKindAt(heading[1]!, 0, 0);
  return kind === 'other' ? null : kind;
}

/** Administrative entries of a GP record, which are no clinical contact ("Deducted from list"). */
const ADMINISTRATIVE_ENTRY =
  /\b(?:deducted|removed from (?:the )?list|transferred out|records? (?:received|sent|summarised))\b/i;

/**
 * The kind of an entry of a record that opens its line with its date (a GP summary, one note per line) when no
 * keyword names one: a clinical entry records a consultation, an administrative one stays other.
 */
export function entryKind(kind: ChronologyEventKind, entry: string): ChronologyEventKind {
  return kind === 'other' && !ADMINISTRATIVE_ENTRY.test(entry) ? 'consultation' : kind;
}

/** A document whose heading names a therapy service: its assessments and appointments are therapy (UK usage). */
const THERAPY_SERVICE_HEADING =
  /\b(?:physiotherapy|physical therapy|occupational therapy|hydrotherapy|MSK therapy)\b/i;
/** Lines at the top of a document that hold its service's name. */
const HEADING_LINES = 3;

/** Whether the document is a therapy service's record (its first lines name the service). */
export function isTherapyServiceDocument(text: string): boolean {
  const heading = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, HEADING_LINES)
    .join('\n');
  return THERAPY_SERVICE_HEADING.test(heading);
}

/** The kind of an event in its document: in a therapy service's record, a consultation is a therapy contact. */
export function kindInDocument(kind: ChronologyEventKind, therapyService: boolean): ChronologyEventKind {
  return therapyService && kind === 'consultation' ? 'therapy' : kind;
}
