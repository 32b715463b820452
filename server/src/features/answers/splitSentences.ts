/** Words written with a full stop that does not end the sentence. */
const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'st',
  'e.g',
  'i.e',
  'vs',
  'approx',
  'cf',
  'al',
  'dept',
]);
/** Abbreviations only before a number ("No. 5", "Fig. 2", "12 Mar. 2021"): elsewhere "No." ends a sentence. */
const ABBREVIATIONS_BEFORE_NUMBER = new Set([
  'no',
  'nos',
  'fig',
  'ref',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

// Sentence end: . ! or ? with any closing quotes or brackets, then any citation markers that follow it.
const SENTENCE_END = /[.!?]+["'”’)]*(?:\s*\[[^\]\n]*\d[^\]\n]*\])*/g;
const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)]|#{1,6})\s+/;
const ONLY_MARKERS = /^(?:\s*\[[^\]\n]*\d[^\]\n]*\])+\s*[.!?]?$/;

function endsWithAbbreviation(before: string, after: string): boolean {
  const word = /(?:^|[^A-Za-z.])([A-Za-z][A-Za-z.]*)$/.exec(before)?.[1];
  if (!word) return false;
  const lower = word.toLowerCase();
  if (ABBREVIATIONS_BEFORE_NUMBER.has(lower)) return /^\s+\d/.test(after);
  // A single capital is an initial ("J. Smith").
  return ABBREVIATIONS.has(lower) || /^[A-Z]$/.test(word);
}

function insideQuotation(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length;
  const opened = (text.match(/“/g) ?? []).length;
  const closed = (text.match(/”/g) ?? []).length;
  return straight % 2 === 1 || opened > closed;
}

function splitLine(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of line.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    const next = line.slice(end);
    // Only a full stop followed by a space and a new sentence ends one: "3.5 cm", "12.03.2021" and "e.g. MRI" do not.
    if (next !== '' && !/^\s+["'“‘([]?[\p{Lu}\p{N}]/u.test(next)) continue;
    if (match[0].startsWith('.') && endsWithAbbreviation(line.slice(start, match.index), next)) continue;
    // A full stop inside a quotation ("The letter reads: "Seen today. No change."") does not end the sentence.
    if (insideQuotation(line.slice(start, end))) continue;
    sentences.push(line.slice(start, end));
    start = end;
  }
  sentences.push(line.slice(start));
  return sentences.map((sentence) => sentence.trim()).filter(Boolean);
}

/**
 * The sentences of an answer, each exactly as written in it (a list item's bullet or number left out). Every line
 * break ends a sentence, so list items stand alone; citation markers after a full stop ("... L4/5. [2]") belong to the
 * sentence before them, and a line of markers alone is joined to the sentence above it.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(LIST_MARKER, '');
    if (!line.trim()) continue;
    for (const sentence of splitLine(line)) {
      if (ONLY_MARKERS.test(sentence) && sentences.length > 0) {
        sentences[sentences.length - 1] = `${sentences.at(-1)} ${sentence}`;
      } else sentences.push(sentence);
    }
  }
  return sentences;
}
