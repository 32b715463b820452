import type { SourceLocation } from '@ewrt/contract';

/** Where a source is, in words: "mri.pdf, page 2", with the bundle page once a bundle exists. */
export function sourcePlace(source: Pick<SourceLocation, 'filename' | 'page' | 'bundle_page'>): string {
  const bundle = source.bundle_page === null ? '' : ` (bundle page ${source.bundle_page})`;
  return `${source.filename}, page ${source.page}${bundle}`;
}

/** A citation's accessible name and the citation view's title: "Source 2: mri.pdf, page 2". */
export function sourceLabel(
  source: Pick<SourceLocation, 'source_number' | 'filename' | 'page' | 'bundle_page'>,
) {
  return `Source ${source.source_number}: ${sourcePlace(source)}`;
}
