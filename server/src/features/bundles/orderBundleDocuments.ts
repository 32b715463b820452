import type { BundleSourceDocument } from './bundleRepository.js';

/** The default order: dated documents first, oldest first; then the undated ones; ties in upload order. */
function byDateThenUpload(a: BundleSourceDocument, b: BundleSourceDocument): number {
  if (a.documentDate !== b.documentDate) {
    if (a.documentDate === null) return 1;
    if (b.documentDate === null) return -1;
    return a.documentDate < b.documentDate ? -1 : 1;
  }
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * The bundle order: the documents the user placed, in their saved order, then every document processed since,
 * in the default order (by date, then upload order). With no saved order it is the default order throughout.
 */
export function orderBundleDocuments(documents: readonly BundleSourceDocument[]): BundleSourceDocument[] {
  const placed = documents
    .filter((document) => document.savedPosition !== null)
    .sort((a, b) => a.savedPosition! - b.savedPosition!);
  const unplaced = documents.filter((document) => document.savedPosition === null).sort(byDateThenUpload);
  return [...placed, ...unplaced];
}
