/**
 * Near-duplicate documents: rescans, re-prints and copies of one letter whose files differ (a byte-identical upload
 * is refused already). Each document's words, run together without spaces, are cut into overlapping runs of
 * characters (shingles); two documents are copies when the share of runs they have in common (Jaccard similarity)
 * reaches the threshold. OCR misreads a letter here and there and runs words together ("ofthe"), which breaks only
 * the few runs that hold them, so a rescan still shares most of its runs with the typed original, while two letters
 * of one clinic share only the letterhead and the sign-off. Runs of characters stand OCR better than runs of words.
 *
 * MinHash signatures pick the candidate pairs cheaply; the similarity shown is the exact one of each candidate.
 */

/** Characters per shingle: seven is a word and a half, long enough to keep different letters apart. */
const SHINGLE_CHARACTERS = 7;
/** Hash functions of a MinHash signature. */
export const SIGNATURE_LENGTH = 128;
/** Candidates are pairs whose estimated similarity is within this of the threshold (the estimate's error). */
const ESTIMATE_MARGIN = 0.15;
/** A document with fewer shingles than this (a blank page, a compliments slip) is never called a copy. */
export const MIN_SHINGLES = 40;
/** Jaccard similarity from which two documents are copies of one another. */
export const NEAR_DUPLICATE_THRESHOLD = 0.5;

/** The text's words, lower case, letters and digits only (OCR's stray marks and punctuation fall away). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** FNV-1a, 32 bits. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The distinct shingles of a text, hashed, in ascending order. */
export function shinglesOf(text: string): Uint32Array {
  const letters = wordsOf(text).join('');
  const hashes = new Set<number>();
  for (let first = 0; first + SHINGLE_CHARACTERS <= letters.length; first += 1) {
    hashes.add(hashOf(letters.slice(first, first + SHINGLE_CHARACTERS)));
  }
  return Uint32Array.from(hashes).sort();
}

/** The exact Jaccard similarity of two sorted shingle sets. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}

/** Fixed seeds of the signature's hash functions (the same every run, so signatures compare). */
const SEEDS = Uint32Array.from({ length: SIGNATURE_LENGTH }, (_, index) => hashOf(`minhash-${index}`));

/** A 32-bit mix of a shingle with a seed (the MurmurHash3 finaliser): one hash function per seed. */
function mix(shingle: number, seed: number): number {
  let value = (shingle ^ seed) >>> 0;
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/** The MinHash signature of a shingle set: per hash function, the least hash of any shingle. */
export function signatureOf(shingles: Uint32Array): Uint32Array {
  const signature = new Uint32Array(SIGNATURE_LENGTH).fill(0xffffffff);
  for (const shingle of shingles) {
    for (let index = 0; index < SIGNATURE_LENGTH; index += 1) {
      const value = mix(shingle, SEEDS[index]!);
      if (value < signature[index]!) signature[index] = value;
    }
  }
  return signature;
}

function estimatedSimilarity(a: Uint32Array, b: Uint32Array): number {
  let equal = 0;
  for (let index = 0; index < SIGNATURE_LENGTH; index += 1) if (a[index] === b[index]) equal += 1;
  return equal / SIGNATURE_LENGTH;
}

export interface DuplicateCandidate {
  id: number;
  /** The document's whole text, its pages joined. */
  text: string;
}

/** Two documents that are copies of one another, with their exact similarity (0–1). */
export interface NearDuplicatePair {
  first: number;
  second: number;
  similarity: number;
}

/** Every pair of the documents whose similarity reaches the threshold, most similar first. */
export function findNearDuplicatePairs(
  documents: readonly DuplicateCandidate[],
  threshold = NEAR_DUPLICATE_THRESHOLD,
): NearDuplicatePair[] {
  const prepared = documents
    .map((document) => ({ id: document.id, shingles: shinglesOf(document.text) }))
    .filter((document) => document.shingles.length >= MIN_SHINGLES)
    .map((document) => ({ ...document, signature: signatureOf(document.shingles) }));
  const pairs: NearDuplicatePair[] = [];
  for (let i = 0; i < prepared.length; i += 1) {
    for (let j = i + 1; j < prepared.length; j += 1) {
      const a = prepared[i]!;
      const b = prepared[j]!;
      // Sets of very different sizes cannot reach the threshold: their Jaccard is at most the smaller over the larger.
      const sizes =
        Math.min(a.shingles.length, b.shingles.length) / Math.max(a.shingles.length, b.shingles.length);
      if (sizes < threshold) continue;
      if (estimatedSimilarity(a.signature, b.signature) < threshold - ESTIMATE_MARGIN) continue;
      const similarity = jaccard(a.shingles, b.shingles);
      if (similarity >= threshold) pairs.push({ first: a.id, second: b.id, similarity });
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity || x.first - y.first || x.second - y.second);
}

/** A group of copies: its documents in the order given, and the least similarity of a pair that joined it. */
export interface NearDuplicateGroup {
  documentIds: number[];
  similarity: number;
}

/**
 * The documents grouped by copying (a copy of a copy is in its original's group), each group in the documents'
 * order, groups in the order of their first document. `knownPairs` join whatever the texts say (a copy the expert
 * set aside stays in its group).
 */
export function groupNearDuplicates(
  documents: readonly DuplicateCandidate[],
  threshold = NEAR_DUPLICATE_THRESHOLD,
  knownPairs: readonly NearDuplicatePair[] = [],
): NearDuplicateGroup[] {
  const parent = new Map<number, number>();
  const rootOf = (id: number): number => {
    let root = id;
    while (parent.has(root)) root = parent.get(root)!;
    return root;
  };
  const least = new Map<number, number>();
  for (const pair of [...findNearDuplicatePairs(documents, threshold), ...knownPairs]) {
    const a = rootOf(pair.first);
    const b = rootOf(pair.second);
    const similarity = Math.min(pair.similarity, least.get(a) ?? 1, least.get(b) ?? 1);
    if (a !== b) parent.set(b, a);
    least.set(a, similarity);
  }
  const groups = new Map<number, number[]>();
  for (const document of documents) {
    const root = rootOf(document.id);
    if (!least.has(root)) continue;
    groups.set(root, [...(groups.get(root) ?? []), document.id]);
  }
  return [...groups].map(([root, documentIds]) => ({ documentIds, similarity: least.get(root)! }));
}
