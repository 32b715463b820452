const NAME = String.raw`[A-Z][A-Za-z'\u2019-]+`;
/** "Dr Patel", "Mr J. Hughes", "Professor Amina Okafor". */
const TITLED_NAME = new RegExp(
  String.raw`\b(Dr|Mr|Mrs|Ms|Miss|Prof(?:essor)?)\.?\s+((?:[A-Z]\.?\s+)?${NAME}(?:\s+${NAME})?)`,
  'g',
);
/** "Consultant Orthopaedic Surgeon", "Consultant Psychiatrist". */
const CONSULTANT = new RegExp(String.raw`\bConsultant(?:\s+${NAME}){1,3}`);
/** Capitalised words that follow a name without being part of it ("Mr Hughes Consultant Surgeon"). */
const NOT_A_NAME =
  /^(?:Consultant|Surgeon|Orthopaedic|Registrar|Clinic|Hospital|Department|Practice|Surgery|GP|MRI|The|On|In|At|Today)$/;

/**
 * The clinician a passage names, by rules: a title and name ("Dr Patel", "Mr Hughes") or a consultant's post
 * ("Consultant Orthopaedic Surgeon"); null when it names none. A titled name that is the patient's own surname is
 * the patient ("Mr Smith attended"), not the clinician.
 */
export function findClinician(passage: string, patientSurname: string | null = null): string | null {
  const surname = patientSurname?.trim().toLowerCase() ?? '';
  for (const match of passage.matchAll(TITLED_NAME)) {
    const words = match[2]!.split(/\s+/);
    const end = words.findIndex((word, index) => index > 0 && NOT_A_NAME.test(word));
    const name = end === -1 ? words : words.slice(0, end);
    if (NOT_A_NAME.test(name[0]!)) continue;
    if (surname && name.some((word) => word.replace(/\.$/, '').toLowerCase() === surname)) continue;
    return `${match[1]} ${name.join(' ')}`;
  }
  return CONSULTANT.exec(passage)?.[0] ?? null;
}
