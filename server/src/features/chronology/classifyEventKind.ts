import type { ChronologyEventKind } from '@ewrt/contract';

/**
 * Where "surgery" names a GP practice, not an operation (UK usage): "Larchfield Surgery", "the GP surgery",
 * "Surgery consultation", "at the surgery". Taken out before kinds are read.
 */
const PRACTICE_SURGERY =
  /\b(?:(?:[A-Z][a-z]+\s+)+Surgery\b(?!\s+(?:on|was|performed))|(?:GP|the|at|doctor'?s|practice)\s+[Ss]urgery\b|[Ss]urgery\s+(?:consultation|appointment|visit|telephone|hours))/g;

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
    /\b(?:physiotherap\w*|physio|CBT|cognitive behavioural|counselling|psychotherap\w*|therapy|therapist|rehabilitation|hydrotherapy|session|visit \d+|insoles|evaluation)\b/i,
  ],
  [
    'prescription',
    /\b(?:prescribed|prescription|started on|commenced on|stopped|discontinued|dispensed|\d+(?:\.\d+)?\s?mg|medication|warfarin|coumadin|vaccine|tablets|capsules)\b/i,
  ],
  [
    'consultation',
    /\b(?:seen|saw|reviewed|review|clinic|consultation|consulted|attended|attendance|appointment|examined|examination|assessment|assessed|GP|ward round|clerking|visit|follow-?up)\b/i,
  ],
  ['referral', /\b(?:referred|referral|re-?referred)\b/i],
  ['correspondence', /\b(?:letter|wrote|written|correspondence|report)\b/i],
];

/**
 * Care that is only asked for or awaited ("referred for physiotherapy", "listed for arthroscopy") has not happened
 * yet: what it names does not decide the kind, the referral that made it does.
 */
const INTENDED_CARE =
  /\b(?:referred|referral|re-?referred)\s+(?:on\s+|back\s+)?(?:to|for)\b[^.;]*|\b(?:awaiting|waiting list for|requested)\b[^.;]*/gi;

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
/** An imaging test that the sentence says showed something: the sentence reports imaging, wherever the clinic is. */
const IMAGING_FINDING =
  /\b(?:X-?rays?|XR|CT|MRI|ultrasound|Doppler|duplex|scan|radiographs?)\b[^.]{0,80}\b(?:show|shows|showed|revealed|confirmed|demonstrat\w*)\b/i;
/** The words of a discharge, which outweigh the session or review it ended unless an admission is dated beside it. */
const DISCHARGE = /\b(?:discharged|discharge)\b/i;
const ADMISSION = /\b(?:admitted|admission)\b/i;
/** How far after its date a missed appointment still names what the date dates (not an earlier one reported). */
const MISSED_AFTER_DATE = 30;

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
  const text = withIntendedCareAsReferral(withoutPracticeNames(passage));
  for (const match of text.matchAll(GLOBAL_KIND_RULES[0]![1])) {
    if (match.index < dateStart || match.index - dateEnd <= MISSED_AFTER_DATE) return 'missed appointment';
  }
  if (DISCHARGE.test(text) && !ADMISSION.test(text)) return 'discharge';
  if (IMAGING_FINDING.test(text)) return 'imaging';
  let best: { kind: ChronologyEventKind; distance: number } | null = null;
  for (const [kind, global] of GLOBAL_KIND_RULES) {
    for (const match of text.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      // After the date, "Discharged:" labels the next field's date, not this one.
      if (start >= dateEnd && /^\s*:/.test(text.slice(end))) continue;
      const distance =
        end <= dateStart ? dateStart - end : start >= dateEnd ? (start - dateEnd) * AFTER_DATE_DISTANCE : 0;
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
