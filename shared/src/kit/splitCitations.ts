/** A run of answer text, or the source numbers of one citation ("[2]", "[1, 3]"). */
export type AnswerPart = { kind: 'text'; text: string } | { kind: 'citation'; sources: number[] };

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/** Cuts answer text at its bracketed source numbers, so each citation can become a control or a link. */
export function splitCitations(text: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({
      kind: 'citation',
      sources: (match[1] ?? '').split(',').map((number) => Number(number.trim())),
    });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
