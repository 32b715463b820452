import type { PageWord } from './PageWord.js';

/** A word on the page with the place in the page's text it was matched to (null: matched to none). */
export interface PlacedWord extends PageWord {
  start: number | null;
  end: number | null;
}

/** How far ahead among the page's words a word of the text is looked for before it is taken as not drawn. */
const LOOK_AHEAD = 40;

/** A word as compared: letters and digits only, lower case ("Knee," and "knee" are the same word). */
const normalise = (word: string) =>
  word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Matches the words of a page's text (as indexed) to the words drawn on the page, in reading order: each word of
 * the text takes the next drawn word that reads the same within a short look-ahead, so a word the two readings
 * split differently ("03/04/2023" against "03/04/" "2023") is passed over without losing the words after it.
 */
export function alignWordsToText(words: readonly PageWord[], text: string): PlacedWord[] {
  const placed: PlacedWord[] = words.map((word) => ({ ...word, start: null, end: null }));
  const drawn = placed.map((word) => normalise(word.text));
  let next = 0;
  for (const match of text.matchAll(/\S+/g)) {
    const token = normalise(match[0]);
    if (token === '') continue;
    const limit = Math.min(drawn.length, next + LOOK_AHEAD);
    for (let candidate = next; candidate < limit; candidate += 1) {
      if (drawn[candidate] !== token) continue;
      placed[candidate]!.start = match.index;
      placed[candidate]!.end = match.index + match[0].length;
      next = candidate + 1;
      break;
    }
  }
  return placed;
}
