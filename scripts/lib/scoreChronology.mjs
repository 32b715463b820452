// How a chronology compares with the evidence set's labels (bench/evidence/labels.json), place by place: a label
// is one dated clinical fact on one page of one document; a prediction is one place (document and page) of one
// event. A prediction matches a label of the same page whose date text it shares (one contains the other, spaces
// aside), the pair whose sentences share most words first.

const squash = (text) => text.toLowerCase().replace(/[\s,]+/g, '');
const words = (text) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

function overlap(a, b) {
  const first = words(a);
  let shared = 0;
  for (const word of words(b)) if (first.has(word)) shared += 1;
  return shared;
}

/** Whether a label's clinician and a predicted one name the same person: the label's surname is in the prediction. */
export function sameClinician(label, predicted) {
  if (!predicted) return false;
  const surname = label.trim().split(/\s+/).pop().toLowerCase();
  return predicted
    .toLowerCase()
    .split(/[^a-z'-]+/)
    .includes(surname);
}

/**
 * Scores predictions against labels.
 * @param {{ document: string, page: number, dateText: string, iso: string|null, kind: string|null,
 *   clinician: string|null, planned: boolean, ambiguous: boolean, unread: boolean, sentence: string }[]} labels
 * @param {{ document: string, page: number, dateText: string, iso: string, kind: string, clinician: string|null,
 *   planned?: boolean, alternativeIso?: string|null, passage: string }[]} predictions
 * @param {{ document: string, page: number, text: string }[]} unreadDates
 */
export function scoreChronology(labels, predictions, unreadDates = []) {
  const byPage = (item) => `${item.document}#${item.page}`;
  const predictionsByPage = new Map();
  for (const prediction of predictions) {
    const key = byPage(prediction);
    predictionsByPage.set(key, [...(predictionsByPage.get(key) ?? []), prediction]);
  }
  const dated = labels.filter((label) => !label.unread);
  const pairs = [];
  for (const label of dated) {
    for (const prediction of predictionsByPage.get(byPage(label)) ?? []) {
      const [a, b] = [squash(label.dateText), squash(prediction.dateText)];
      if (a.includes(b) || b.includes(a))
        pairs.push({ label, prediction, score: overlap(label.sentence, prediction.passage) });
    }
  }
  pairs.sort((x, y) => y.score - x.score);
  const matchedLabels = new Map();
  const matchedPredictions = new Set();
  for (const { label, prediction } of pairs) {
    if (matchedLabels.has(label) || matchedPredictions.has(prediction)) continue;
    matchedLabels.set(label, prediction);
    matchedPredictions.add(prediction);
  }
  const matched = [...matchedLabels.entries()];
  const datesRight = matched.filter(([label, prediction]) => prediction.iso === label.iso).length;
  const wrongButFlagged = matched.filter(
    ([label, prediction]) => prediction.iso !== label.iso && prediction.alternativeIso === label.iso,
  ).length;
  const kindsRight = matched.filter(([label, prediction]) => prediction.kind === label.kind).length;
  const plannedRight = matched.filter(([label, prediction]) => !!prediction.planned === label.planned).length;
  const named = matched.filter(([label]) => label.clinician !== null);
  const cliniciansRight = named.filter(([label, prediction]) =>
    sameClinician(label.clinician, prediction.clinician),
  ).length;
  const unreadOn = (label) =>
    unreadDates.some(
      (unread) => byPage(unread) === byPage(label) && squash(unread.text).includes(squash(label.dateText)),
    );
  const numeric = (label) => /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(label.dateText.trim());
  const dropped = labels.filter(
    (label) => numeric(label) && !matchedLabels.has(label) && !unreadOn(label) && !label.datedElsewhere,
  );
  const unreadLabels = labels.filter((label) => label.unread);
  const ratio = (part, whole) => (whole === 0 ? null : part / whole);
  return {
    labels: dated.length,
    predictions: predictions.length,
    matched: matched.length,
    recall: ratio(matched.length, dated.length),
    precision: ratio(matchedPredictions.size, predictions.length),
    dateAccuracy: ratio(datesRight, matched.length),
    wrongButFlagged,
    kindAccuracy: ratio(kindsRight, matched.length),
    plannedAccuracy: ratio(plannedRight, matched.length),
    clinicianAccuracy: ratio(cliniciansRight, named.length),
    droppedNumericDates: dropped.length,
    unreadListed: unreadLabels.filter(unreadOn).length,
    unreadLabelled: unreadLabels.length,
    misses: dated.filter((label) => !matchedLabels.has(label)),
    extras: predictions.filter((prediction) => !matchedPredictions.has(prediction)),
    wrong: matched.filter(
      ([label, prediction]) => prediction.iso !== label.iso || prediction.kind !== label.kind,
    ),
  };
}
