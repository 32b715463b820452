import { extractFacts, type TextFacts } from './extractFacts.js';
import { monthNameOf } from '../../platform/dates/readUkDates.js';
import { sameStem, stemTerm } from './stemTerm.js';

/** Share of a sentence's key terms that its cited passages must contain. */
const SUPPORTED_TERM_SHARE = 0.5;

/**
 * A sentence that only says what the sources do not contain ("The records do not mention a fracture.", "This
 * cannot be determined from the documents."): a statement about absence, which no passage can confirm.
 */
const HEDGE = new RegExp(
  [
    String.raw`\b(?:sources?|records?|documents?|passages?|notes?|pages?|files?|information)\s+(?:provided\s+|available\s+|given\s+)?(?:do(?:es)?\s+not|don['’]t|doesn['’]t|did\s+not|didn['’]t)\s+(?:say|state|mention|contain|include|record|specify|describe|show|indicate|give|provide|document|address|cover|refer)`,
    String.raw`\b(?:is|are|was|were)\s+not\s+(?:mentioned|stated|recorded|documented|specified|described|provided|given|available|clear)\b`,
    String.raw`\bno\s+(?:mention|record|information|details?|reference|indication)\s+(?:of|about|on|regarding|that|is|was|in)\b`,
    String.raw`\b(?:cannot|can['’]t|can\s+not|could\s+not|couldn['’]t|unable\s+to)\s+(?:be\s+)?(?:determined?|found|find|confirm(?:ed)?|answer(?:ed)?|establish(?:ed)?|tell|say)\b`,
    String.raw`\b(?:insufficient|not\s+enough)\s+information\b`,
    String.raw`\bunclear\s+from\b`,
  ].join('|'),
  'i',
);

function passageVocabulary(passages: readonly string[]): TextFacts {
  const dates = new Set<string>();
  const numbers = new Set<string>();
  const terms = new Set<string>();
  for (const passage of passages) {
    const facts = extractFacts(passage);
    facts.numbers.forEach((number) => numbers.add(number));
    facts.terms.forEach((term) => terms.add(term));
    for (const iso of facts.dates) {
      dates.add(iso);
      // "In March 2021" and "on 12 March" are stated by a page that says 12/03/2021.
      numbers.add(String(Number(iso.slice(0, 4))));
      numbers.add(String(Number(iso.slice(8, 10))));
      terms.add(stemTerm(monthNameOf(iso)));
    }
  }
  return { dates: [...dates], numbers: [...numbers], terms: [...terms] };
}

/**
 * Whether the passages a sentence cites support it. The rule, in order:
 *
 * 1. A hedge (the sentence only says what the sources do not contain) is supported: there is nothing to check.
 * 2. A sentence with no date, number or key term (e.g. "Here is what the records show:") is supported.
 * 3. Otherwise a sentence that cites nothing is not supported: it states facts without a source.
 * 4. Otherwise the cited passages together must contain every date (however written: 03/04/2023, 3 April 2023 and
 *    2023-04-03 are one date), every number, and at least half of the key terms (lower-cased, stop words removed,
 *    lightly stemmed) of the sentence.
 *
 * It checks shared content, not meaning: a sentence that negates what its passage says still passes.
 */
export function checkSentenceSupport(sentence: string, citedPassages: readonly string[]): boolean {
  if (HEDGE.test(sentence)) return true;
  const facts = extractFacts(sentence);
  if (facts.dates.length === 0 && facts.numbers.length === 0 && facts.terms.length === 0) return true;
  if (citedPassages.length === 0) return false;
  const vocabulary = passageVocabulary(citedPassages);
  if (!facts.dates.every((date) => vocabulary.dates.includes(date))) return false;
  if (!facts.numbers.every((number) => vocabulary.numbers.includes(number))) return false;
  if (facts.terms.length === 0) return true;
  const shared = facts.terms.filter((term) => vocabulary.terms.some((known) => sameStem(term, known)));
  return shared.length >= Math.max(1, Math.ceil(facts.terms.length * SUPPORTED_TERM_SHARE));
}
