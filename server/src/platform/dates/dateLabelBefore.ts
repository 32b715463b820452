/**
 * What the words just before a date say it is, when they say it is not the day something happened to the patient:
 * a date of birth, or the day a letter was dictated, typed, transcribed or printed. Records put such a label right
 * before its date ("DOB: 01/02/1970", "Dictated 03/04/2023", "Date printed: 30/06/2024").
 */
export type DateLabel = 'birth' | 'dictated' | 'typed' | 'transcribed' | 'printed';

const LABELS: readonly [DateLabel, RegExp][] = [
  ['birth', /(?:\bd\.?\s?o\.?\s?b\b\.?|\bdate\s+of\s+birth|\bborn(?:\s+on)?)$/i],
  ['dictated', /\b(?:date\s+)?dictated(?:\s+(?:on|at))?$/i],
  ['typed', /\b(?:date\s+)?typed(?:\s+(?:on|at|by\s+\S+(?:\s+\S+)?\s+on))?$/i],
  ['transcribed', /\b(?:date\s+)?transcribed(?:\s+(?:on|at))?$/i],
  ['printed', /\b(?:date\s+printed|printed(?:\s+(?:on|at))?)$/i],
];

/** Separators between a label and its date: "DOB: ", "Dictated - ", "Printed on ". */
const SEPARATOR = /[\s:\-–]*$/;
/** How far back, on the same line, a label is looked for. */
const LOOK_BEHIND_CHARACTERS = 40;

/** The label of the date that starts at `index` of `text`, or null when nothing before it on its line marks it. */
export function dateLabelBefore(text: string, index: number): DateLabel | null {
  const before = text.slice(Math.max(0, index - LOOK_BEHIND_CHARACTERS), index);
  const sameLine = before.slice(before.lastIndexOf('\n') + 1).replace(SEPARATOR, '');
  for (const [label, pattern] of LABELS) if (pattern.test(sameLine)) return label;
  return null;
}
