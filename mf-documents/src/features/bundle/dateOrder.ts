import type { BundleDocument } from '@ewrt/contract';

/**
 * The server's default order: dated documents first, oldest first, then the undated ones; ties in upload order.
 * "Reset to date order" puts the list in this order again.
 */
export function dateOrder(documents: readonly BundleDocument[]): BundleDocument[] {
  return [...documents].sort((a, b) => {
    if (a.document_date !== b.document_date) {
      if (a.document_date === null) return 1;
      if (b.document_date === null) return -1;
      return a.document_date < b.document_date ? -1 : 1;
    }
    return a.uploaded_at < b.uploaded_at ? -1 : a.uploaded_at > b.uploaded_at ? 1 : 0;
  });
}
