import { findClinician } from '../chronology/findClinician.js';

/**
 * What kind of record a document is, by the words of its opening: the more particular kinds first (a discharge
 * summary is also a letter). The first that matches names it; none: the kind is not said.
 */
const DOCUMENT_TYPES: readonly [string, RegExp][] = [
  ['discharge summary', /\bdischarge\s+(?:summary|letter)\b/i],
  ['operation note', /\b(?:operation|operative|op)\s+note\b/i],
  [
    'radiology report',
    /\b(?:MRI|CT|X-?ray|ultrasound|radiology|imaging)\s+(?:report|scan\s+report)\b|\bradiologist\b/i,
  ],
  [
    'referral letter',
    /\breferral\s+(?:letter|form)\b|\bthank you for (?:referring|seeing)\b|\bI would be grateful if you (?:could|would) see\b/i,
  ],
  [
    'clinic letter',
    /\bclinic\s+letter\b|\b(?:seen|saw\b.*?)\s+in\s+(?:the\s+)?[\w ]{0,30}clinic\b|\boutpatient\b/i,
  ],
  ['GP records', /\b(?:GP|general practice)\s+(?:records?|notes|consultation)\b/i],
  ['physiotherapy report', /\bphysiotherap\w*\s+(?:report|assessment|discharge)\b/i],
  ['witness statement', /\bwitness\s+statement\b/i],
  ['expert report', /\b(?:medico-?legal|expert(?:'s)?)\s+report\b/i],
  ['letter', /\bDear\s+(?:Dr|Mr|Mrs|Ms|Miss|Prof|Sir|Madam|Colleague)\b/i],
  ['report', /\breport\b/i],
];

/** "Yours sincerely" and the like: the signature follows. */
const SIGN_OFF =
  /\b(?:yours\s+(?:sincerely|faithfully|truly)|kind\s+regards|best\s+wishes|signed|electronically\s+signed\s+by|reported\s+by|dictated\s+by)\b/gi;
/** "Consultant Orthopaedic Surgeon", "Consultant Radiologist": the signer's post, as the chronology reads it. */
const POST_PATTERN = /\bConsultant(?:\s+[A-Z][A-Za-z'\u2019-]+){1,3}/;

export interface BundleDocumentDescription {
  /** "Mr P. Fletcher, Consultant Orthopaedic Surgeon", or null when no signer is named. */
  author: string | null;
  /** "clinic letter", or null when the opening does not say. */
  type: string | null;
}

/** The kind of document its opening text says it is. */
export function documentTypeOf(text: string): string | null {
  return DOCUMENT_TYPES.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * Who signed a document: the clinician the chronology's rules find after its last sign-off ("Yours sincerely"),
 * else the first one its text names, with the post written after the name when there is one.
 */
export function documentAuthorOf(text: string, patientSurname: string | null): string | null {
  const signOffs = [...text.matchAll(SIGN_OFF)];
  const signature = signOffs.length > 0 ? text.slice(signOffs.at(-1)!.index) : null;
  const name = (signature && findClinician(signature, patientSurname)) ?? findClinician(text, patientSurname);
  if (!name) return null;
  if (name.startsWith('Consultant')) return name;
  const after = (signature ?? text).slice((signature ?? text).indexOf(name) + name.length);
  const post = POST_PATTERN.exec(after.slice(0, 120))?.[0];
  return post ? `${name}, ${post}` : name;
}

/** A document as the bundle's index names it: its author and kind, from its own opening pages. */
export function describeBundleDocument(
  openingText: string,
  patientSurname: string | null,
): BundleDocumentDescription {
  return { author: documentAuthorOf(openingText, patientSurname), type: documentTypeOf(openingText) };
}

/** "Mr P. Fletcher, Consultant Orthopaedic Surgeon \u2014 clinic letter", or the file name when neither is found. */
export function descriptionText(description: BundleDocumentDescription, filename: string): string {
  const parts = [description.author, description.type].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' \u2014 ') : filename;
}
