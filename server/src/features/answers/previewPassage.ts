import { extractFacts } from './extractFacts.js';
import { findDates } from './findDates.js';
import { sameStem, stemTerm } from './stemTerm.js';

export const PREVIEW_LENGTH = 300;

const WORD = /[\p{L}\p{N}]+(?:[./][\p{L}\p{N}]+)*/gu;

/**
 * The part of a passage (about `maxLength` characters, cut at word boundaries, "…" where cut) that holds most of the
 * question's key terms and dates; the passage's opening when none of them is in it.
 */
export function previewPassage(text: string, question: string, maxLength = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const wanted = extractFacts(question);
  const wantedDates = new Set(wanted.dates);
  // Each hit: where it is and which of the question's terms or dates it is.
  const hits: { start: number; end: number; key: string }[] = [];
  for (const date of findDates(flat)) {
    if (wantedDates.has(date.iso)) hits.push({ start: date.start, end: date.end, key: `date:${date.iso}` });
  }
  for (const match of flat.matchAll(WORD)) {
    const lower = match[0].toLowerCase();
    const stem = stemTerm(lower);
    const term = wanted.terms.find((candidate) => sameStem(candidate, stem));
    const number = wanted.numbers.includes(lower) ? lower : undefined;
    const key = term ?? number;
    if (key) hits.push({ start: match.index, end: match.index + match[0].length, key });
  }
  hits.sort((a, b) => a.start - b.start);
  let best = { start: 0, distinct: 0 };
  for (const [first, hit] of hits.entries()) {
    const keys = new Set<string>();
    for (const other of hits.slice(first)) {
      if (other.end - hit.start > maxLength) break;
      keys.add(other.key);
    }
    if (keys.size > best.distinct) best = { start: hit.start, distinct: keys.size };
  }
  // Some context before the first hit, then cut both ends at a space.
  let start = Math.max(0, Math.min(best.start - 40, flat.length - maxLength));
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  let end = Math.min(flat.length, start + maxLength);
  if (end < flat.length) end = flat.lastIndexOf(' ', end) > start ? flat.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
