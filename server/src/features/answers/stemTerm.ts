const DOUBLED_ENDING = /([bdfgkmnprt])\1$/;

/**
 * A light English stemmer for comparing an answer with its sources: plurals, -ed, -ing and a final e or y, so that
 * "prolapsed", "prolapse" and "prolapses" meet as "prolaps", and "injuries" and "injury" as "injuri". Both sides go
 * through it, so its rough edges cancel out.
 */
export function stemTerm(word: string): string {
  let stem = word.toLowerCase().replace(/['’]s$/, '');
  if (stem.length <= 3) return stem;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (/[^su]s$/.test(stem) && !stem.endsWith('is')) stem = stem.slice(0, -1);
  if (stem.endsWith('ied') && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (stem.endsWith('ed') && stem.length > 4) stem = stem.slice(0, -2).replace(DOUBLED_ENDING, '$1');
  else if (stem.endsWith('ing') && stem.length > 5) stem = stem.slice(0, -3).replace(DOUBLED_ENDING, '$1');
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  else if (stem.length > 3 && stem.endsWith('y')) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

/**
 * Whether two stems name the same word: equal, or one a prefix of the other that differs by at most three letters
 * and keeps at least four ("injur" and "injuri", "pain" and "painful").
 */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= 4 && longer.length - shorter.length <= 3 && longer.startsWith(shorter);
}
