/** Bracketed page numbers: [3], [1, 2] or [1,2]. */
const CITATION = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** Numbers above this are not citations (a year in brackets, a reference of the page itself). */
const HIGHEST_CITATION = 99;

/**
 * Keeps only the pages an answer cites, numbered in the order the answer first cites them, and rewrites every mark
 * to match, so that [n] in the text is always the n-th page listed. A mark naming a page that was not given is
 * dropped (the model has no such source); a bracketed number too large to be a citation is left as written.
 */
export function renumberCitations<Page>(
  text: string,
  pages: readonly Page[],
): { text: string; cited: Page[] } {
  const newNumber = new Map<number, number>();
  const cited: Page[] = [];
  const rewritten = text.replace(CITATION, (mark, list: string) => {
    const numbers = list.split(',').map((part) => Number(part.trim()));
    if (numbers.some((number) => number > HIGHEST_CITATION)) return mark;
    const kept: number[] = [];
    for (const number of numbers) {
      const page = pages[number - 1];
      if (number < 1 || page === undefined) continue;
      if (!newNumber.has(number)) {
        cited.push(page);
        newNumber.set(number, cited.length);
      }
      const renumbered = newNumber.get(number)!;
      if (!kept.includes(renumbered)) kept.push(renumbered);
    }
    if (kept.length === 0) return '';
    const leadingSpace = /^\s/.test(mark) ? mark[0] : '';
    return `${leadingSpace}[${kept.join(', ')}]`;
  });
  return { text: rewritten, cited };
}
