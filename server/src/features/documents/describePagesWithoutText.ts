/** "3", "3–7", "1, 3–7, 9": sorted page numbers written as ranges. */
export function formatPageRanges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  let index = 0;
  while (index < sorted.length) {
    const start = sorted[index]!;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    ranges.push(start === end ? String(start) : `${start}\u2013${end}`);
    index += 1;
  }
  return ranges.join(', ');
}

/** The log and result line for pages without a text layer: "pages 3–7 have no text layer: not searchable". */
export function describePagesWithoutText(pages: readonly number[]): string | null {
  if (pages.length === 0) return null;
  const single = pages.length === 1;
  return `${single ? 'page' : 'pages'} ${formatPageRanges(pages)} ${single ? 'has' : 'have'} no text layer: not searchable`;
}
