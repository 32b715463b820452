const WORD = String.raw`[A-Z][A-Za-z'\u2019-]+`;
const TITLE = String.raw`(?:Dr|Mr|Mrs|Ms|Miss|Prof(?:essor)?|Sister)\.?`;
/** "Mr Adrian Shah", "Dr H Wilson", "Susan Alvarez", "Mr A. Shah": a person's name, title optional. */
const PERSON = String.raw`(?:${TITLE}\s+)?(?:[A-Z]\.?\s+)?${WORD}(?:\s+${WORD})?`;
/** Words that follow a name in a signature and are not part of it. */
const NOT_NAME_WORDS =
  /\b(?:Consultant|Surgeon|Registrar|Physiotherapist|Podiatrist|Psychologist|Practitioner|Radiologist|Haematologist|Neurophysiologist|Physician|Nurse|General|Senior|Advanced|Clinical|Orthopaedic|Occupational|HCPC|Registered|MBChB|MRCGP|FRCS|FRCA|MFOM|MB|GMC|SHO|Hospitalist|Board|In|For)\b.*$/;

/** Lines that name who wrote or signed a document, the name in group 1. */
const SIGNED_LINES: readonly RegExp[] = [
  new RegExp(
    String.raw`^\s*(?:signed|electronically signed by|signed electronically by|reported by|completed by|dictated by|assessed by|seen by|physiotherapist|surgeon|attending|author|from|(?:doctor'?s\s+)?signature)\s*:?\s*(?:by\s+)?(${PERSON})`,
    'i',
  ),
  new RegExp(
    String.raw`\b(?:physiotherapist|surgeon|attending|podiatrist|author|clinician)\s*:\s*(${PERSON})`,
    'i',
  ),
  new RegExp(String.raw`^\s*(${PERSON}),?\s+(?:M\.?D\.?|PT|DPT|DO)\b`),
  // A note that ends with its writer: "… Return in 2 weeks. Robert Keller, MD"
  new RegExp(String.raw`(?:^|[.;]\s+)(${PERSON}),\s*(?:M\.?D\.?|PT(?:,\s*DPT)?)\s*$`),
];
const CLOSING = /^\s*(?:yours\s+(?:sincerely|faithfully|truly)|kind regards|with best wishes|best wishes)\b/i;
/** A post that makes the line before it, or the start of its own line, a clinician's name. */
const POST =
  /\b(?:Consultant|Surgeon|Registrar|Physiotherapist|Podiatrist|Psychologist|Practitioner|Radiologist|Haematologist|Neurophysiologist|Physician|GP|SHO)\b/;
const ADDRESSEE = new RegExp(String.raw`^\s*(?:to:?\s+|dear\s+)(${PERSON})`, 'i');

/** Words of an organisation's name, which a person's name never holds. */
const ORGANISATION =
  /\b(?:Community|Hospital|Service|Trust|Department|Clinic|Medical|Centre|Center|Practice|Surgery|Health|Unit|Group|Road|Street|NHS)\b/;

/** A name as written, cut before the words of its post or qualifications; null when it is no name. */
function cleanName(written: string | undefined): string | null {
  if (!written || ORGANISATION.test(written)) return null;
  const name = written
    .replace(NOT_NAME_WORDS, '')
    .replace(/[\s,]+$/, '')
    .trim();
  if (!/[A-Z][a-z]/.test(name) || /^(?:Dr|Mr|Mrs|Ms|Miss|Prof|Professor)\.?$/i.test(name)) return null;
  return name;
}

/**
 * Who wrote a document, by rules: the name under "Yours sincerely", a signed, reported or completed line, a US
 * note's "Name, MD", or a name with a clinical post in the letterhead ("Mr Adrian Shah FRCS / Consultant
 * Orthopaedic Surgeon"). The addressee ("Dear Dr Wilson", "To: Dr H Wilson") is never the author. Null when the
 * document names none.
 */
export function findDocumentAuthor(text: string): string | null {
  const lines = text.split('\n');
  const addressee = findAddressee(text);
  const isAddressee = (name: string) =>
    addressee !== null &&
    name.split(/\s+/).pop()!.toLowerCase() === addressee.split(/\s+/).pop()!.toLowerCase();
  const acceptable = (name: string | null) => (name && !isAddressee(name) ? name : null);
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (!CLOSING.test(lines[index]!)) continue;
    for (const line of lines.slice(index + 1, index + 5)) {
      if (line.trim() === '') continue;
      const name = acceptable(cleanName(new RegExp(`^\\s*(${PERSON})`).exec(line)?.[1]));
      if (name) return name;
    }
  }
  for (const pattern of SIGNED_LINES) {
    for (const line of [...lines].reverse()) {
      const name = acceptable(cleanName(pattern.exec(line)?.[1]));
      if (name) return name;
    }
  }
  for (const [index, line] of lines.entries()) {
    const own = new RegExp(`^\\s*(${PERSON})\\b`).exec(line);
    if (!own) continue;
    const rest = line.slice(own[0].length);
    if (
      POST.test(rest) ||
      (rest.trim().length < 40 && POST.test(lines[index + 1] ?? '') && !/\d/.test(line))
    ) {
      const name = acceptable(cleanName(own[1]));
      if (name && /^(?:Dr|Mr|Mrs|Ms|Miss|Prof)|^[A-Z][a-z]+\s+[A-Z]/.test(name)) return name;
    }
  }
  return null;
}

/** Whom a letter is addressed to ("Dear Dr Wilson", "To: Dr H Wilson, Larchfield Surgery"), or null. */
export function findAddressee(text: string): string | null {
  for (const line of text.split('\n')) {
    const name = cleanName(ADDRESSEE.exec(line)?.[1]);
    if (name && /^(?:Dr|Mr|Mrs|Ms|Miss|Prof)/.test(name)) return name;
  }
  return null;
}

/** An entry heading's clinician: "16 Mar 2021 10:20 Telephone consultation - Dr Helen Wilson". */
const HEADING_CLINICIAN = new RegExp(
  String.raw`\s[-\u2013]\s+(${TITLE}\s+(?:[A-Z]\.?\s+)?${WORD}(?:\s+${WORD})?)\s*$`,
);
/** An entry that ends with its clinician's name: "29/03/2021 Co-codamol 30/500 tablets 100 Dr H Wilson". */
const ENTRY_SIGNED = new RegExp(String.raw`\s(${TITLE}\s+(?:[A-Z]\.?\s+)?${WORD})\s*$`);
/** An entry heading that names a role, not a person: "Nurse clinic - Practice Nurse". */
const HEADING_ROLE = /\s[-\u2013]\s+[A-Z][A-Za-z ]+$/;
/** Who did what the date dates, named right after it: "arthroscopy on 08/21/2007 by Dr. Alvarez". */
const DONE_BY = new RegExp(String.raw`^[^.;]{0,40}?\bby\s+(${TITLE}\s+(?:[A-Z]\.?\s+)?${WORD})`);
/** Whom the date is with, named right before it: "Follow-up: Dr. Keller on 09/12/2007". */
const SEEN_BY_ON = new RegExp(String.raw`(${TITLE}\s+(?:[A-Z]\.?\s+)?${WORD}),?\s+(?:on\s+)?$`);

/**
 * The clinician of a dated statement from its own line: the person an entry heading names after a dash, or who did
 * it ("… on 08/21/2007 by Dr. Alvarez"); `undefined` when the line says nothing of it (the document's author is
 * then the clinician), null when the heading names a role and no person.
 */
export function clinicianOfLine(line: string, afterDate: string, beforeDate = ''): string | null | undefined {
  const doneBy = DONE_BY.exec(afterDate);
  if (doneBy) return doneBy[1]!.replace(/\.(?=\s)/, '');
  const seenBy = SEEN_BY_ON.exec(beforeDate);
  if (seenBy) return seenBy[1]!.replace(/\.(?=\s)/, '');
  const heading = line.split(/(?<=\S)\s{0,3}$/)[0]!;
  const named =
    HEADING_CLINICIAN.exec(heading) ?? (/^\s*\d/.test(heading) ? ENTRY_SIGNED.exec(heading) : null);
  if (named) return named[1]!;
  if (HEADING_ROLE.test(heading) && /\d/.test(heading)) return null;
  return undefined;
}
