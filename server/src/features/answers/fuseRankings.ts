/** The constant of reciprocal rank fusion: 60, as in the method's paper, so no single list's top rank dominates. */
export const RRF_K = 60;

/**
 * Merges rankings (each a list of ids, best first) by reciprocal rank fusion: an id scores the sum of
 * 1 / (RRF_K + rank) over the lists it is in. Best first; equal scores by the smaller id, so the order is stable.
 */
export function fuseRankings(rankings: readonly (readonly number[])[]): { id: number; score: number }[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1)));
  }
  return [...scores.entries()]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}
