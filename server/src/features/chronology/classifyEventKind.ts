import type { ChronologyEventKind } from '@ewrt/contract';

/**
 * Keywords of each kind, in the order they are tried: what was done to the patient (an operation, a scan, an
 * admission) says more than how it was written up, so a clinic letter about an MRI is imaging, and a passage that
 * only names a letter or a referral is correspondence once no clinical keyword matched.
 */
const KIND_RULES: readonly [ChronologyEventKind, RegExp][] = [
  [
    'operation',
    /\b(?:operation|operated|surgery|surgical|arthroscop\w*|\w+ectomy|\w+plasty|\w+otomy|fixation|ORIF|decompression|under general anaesthetic)\b/i,
  ],
  ['imaging', /\b(?:MRI|X-?rays?|radiograph\w*|CT|ultrasound|USS|scan(?:s|ned)?|imaging)\b/i],
  ['admission', /\b(?:admitted|admission|discharged|discharge|inpatient|ward)\b/i],
  ['prescription', /\b(?:prescribed|prescription|started on|commenced on|\d+(?:\.\d+)?\s?mg|medication)\b/i],
  [
    'therapy',
    /\b(?:physiotherap\w*|physio|CBT|cognitive behavioural|counselling|psychotherap\w*|therapy|therapist|rehabilitation|hydrotherapy)\b/i,
  ],
  ['test result', /\b(?:blood tests?|results?|ECG|nerve conduction|bloods|haemoglobin|biopsy)\b/i],
  [
    'consultation',
    /\b(?:seen|saw|reviewed|review|clinic|consultation|consulted|attended|attendance|appointment|examined|assessment|GP|A&E|emergency department)\b/i,
  ],
  ['correspondence', /\b(?:letter|wrote|written|referral|referred|correspondence|report)\b/i],
];

/**
 * Care that is only asked for or awaited ("referred for physiotherapy", "listed for arthroscopy") has not happened
 * yet: what it names does not decide the kind, the referral or the review that made it does.
 */
const INTENDED_CARE =
  /\b(?:referred|referral|re-?referred)\s+(?:on\s+|back\s+)?(?:to|for)\b[^.;]*|\b(?:awaiting|listed for|booked for|waiting list for|planned)\b[^.;]*/gi;

/** The kind of the event a passage states, by keywords alone (used without a language model, or when it fails). */
export function classifyEventKind(passage: string): ChronologyEventKind {
  const done = passage.replace(INTENDED_CARE, (intended) =>
    /^re(?:-?referred|ferr)/i.test(intended) ? 'referral' : '',
  );
  for (const [kind, pattern] of KIND_RULES) if (pattern.test(done)) return kind;
  return 'other';
}

/** Whether a passage names anything clinical at all (any kind but 'other'): a bare year needs it to be an event. */
export function soundsClinical(passage: string): boolean {
  return classifyEventKind(passage) !== 'other';
}
