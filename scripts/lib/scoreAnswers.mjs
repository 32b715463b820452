// How retrieval ranks the pages that answer the evidence set's questions (bench/evidence/questions.json): a hit is
// a retrieved passage on a page the question's answer is on (a copy of that document counts), ranked by position.
import { copiesOf } from './evidenceSet.mjs';

/** The places that answer a question, copies of each document included, as "document#page" keys. */
export function answeringPages(documents, question) {
  const keys = new Set();
  for (const [document, page] of question.places) {
    for (const copy of copiesOf(documents, document)) keys.add(`${copy}#${page}`);
  }
  return keys;
}

/** 1-based rank of the first retrieved place that answers, or null when none of them does. */
export function firstHit(retrieved, answering) {
  const index = retrieved.findIndex((place) => answering.has(`${place.document}#${place.page}`));
  return index === -1 ? null : index + 1;
}

/** hit@1, hit@k and mean reciprocal rank of ranks (null for a miss), per question type and overall. */
export function summariseRanks(results, k) {
  const summary = {};
  const groups = new Map([['all', results]]);
  for (const result of results) groups.set(result.type, [...(groups.get(result.type) ?? []), result]);
  for (const [type, group] of groups) {
    const of = (ranks) => ({
      questions: group.length,
      hitAt1: ranks.filter((rank) => rank === 1).length / group.length,
      hitAtK: ranks.filter((rank) => rank !== null && rank <= k).length / group.length,
      mrr: ranks.reduce((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / group.length,
    });
    summary[type] = {
      product: of(group.map((result) => result.productRank)),
      baseline: of(group.map((result) => result.baselineRank)),
    };
  }
  return summary;
}
