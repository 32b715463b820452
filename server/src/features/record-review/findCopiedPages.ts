import {
  jaccard,
  MIN_SHINGLES,
  NEAR_DUPLICATE_THRESHOLD,
  shinglesOf,
  SIGNATURE_LENGTH,
  signatureOf,
} from './findNearDuplicates.js';

/**
 * Pages copied from one document into another: a clinic letter filed again as a page of the GP record, a report
 * repeated inside a bundle from the solicitor. The documents as a whole differ, so the document comparison misses
 * them; each page is compared with the pages of the other documents by the same runs of characters. Pages are many,
 * so candidate pairs come from MinHash bands (pages that agree on every row of some band); the similarity given is
 * the exact one of each candidate.
 */

/** Rows per band: with 42 bands of 3 rows a pair at the threshold (0.5) is a candidate with 99.6 % chance. */
const ROWS_PER_BAND = 3;
const BANDS = Math.floor(SIGNATURE_LENGTH / ROWS_PER_BAND);

export interface PageText {
  documentId: number;
  page: number;
  text: string;
}

/** A page of one document found again in another, with their exact similarity (0–1). */
export interface CopiedPage {
  /** The page in the document with fewer pages (for equal counts, the earlier document): the copy's source. */
  page: { documentId: number; page: number };
  /** Where it is found again. */
  foundIn: { documentId: number; page: number };
  similarity: number;
}

/**
 * Every pair of pages of two different documents whose similarity reaches the threshold, most similar first,
 * leaving out the pairs of documents `alreadyCopies` says are copies as a whole (shown as such already).
 * `pageCounts` orders each pair: the shorter document's page is the one copied into the longer.
 */
export function findCopiedPages(
  pages: readonly PageText[],
  pageCounts: ReadonlyMap<number, number>,
  alreadyCopies: (a: number, b: number) => boolean,
  threshold = NEAR_DUPLICATE_THRESHOLD,
): CopiedPage[] {
  const prepared = pages
    .map((page) => ({ ...page, shingles: shinglesOf(page.text) }))
    .filter((page) => page.shingles.length >= MIN_SHINGLES)
    .map((page) => ({ ...page, signature: signatureOf(page.shingles) }));
  const buckets = new Map<string, number[]>();
  prepared.forEach((page, index) => {
    for (let band = 0; band < BANDS; band += 1) {
      const rows = page.signature.subarray(band * ROWS_PER_BAND, (band + 1) * ROWS_PER_BAND);
      const key = `${band}:${rows.join(',')}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(index);
      else buckets.set(key, [index]);
    }
  });
  const compared = new Set<number>();
  const found: CopiedPage[] = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i += 1) {
      for (let j = i + 1; j < bucket.length; j += 1) {
        const pairKey = bucket[i]! * prepared.length + bucket[j]!;
        if (compared.has(pairKey)) continue;
        compared.add(pairKey);
        const a = prepared[bucket[i]!]!;
        const b = prepared[bucket[j]!]!;
        if (a.documentId === b.documentId || alreadyCopies(a.documentId, b.documentId)) continue;
        const similarity = jaccard(a.shingles, b.shingles);
        if (similarity < threshold) continue;
        const pagesOf = (page: PageText) => pageCounts.get(page.documentId) ?? 1;
        const aFirst = pagesOf(a) < pagesOf(b) || (pagesOf(a) === pagesOf(b) && a.documentId < b.documentId);
        const [source, copy] = aFirst ? [a, b] : [b, a];
        found.push({
          page: { documentId: source.documentId, page: source.page },
          foundIn: { documentId: copy.documentId, page: copy.page },
          similarity,
        });
      }
    }
  }
  return found.sort(
    (x, y) =>
      y.similarity - x.similarity ||
      x.page.documentId - y.page.documentId ||
      x.page.page - y.page.page ||
      x.foundIn.documentId - y.foundIn.documentId ||
      x.foundIn.page - y.foundIn.page,
  );
}
