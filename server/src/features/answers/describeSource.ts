/** How an answer names a passage's place: "mri.pdf, page 2 (bundle page 14)". */
export function describeSource(passage: {
  filename: string;
  page: number;
  bundlePage: number | null;
}): string {
  const bundle = passage.bundlePage === null ? '' : ` (bundle page ${passage.bundlePage})`;
  return `${passage.filename}, page ${passage.page}${bundle}`;
}
