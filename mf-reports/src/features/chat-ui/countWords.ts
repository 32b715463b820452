/** Words as the context limit counts them: runs of non-whitespace characters. */
export function countWords(text: string): number {
  const words = text.trim().split(/\s+/u);
  return words[0] === '' ? 0 : words.length;
}

/** A count with en-GB digit grouping, e.g. "20,000". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}
