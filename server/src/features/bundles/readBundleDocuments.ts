import type { Queryable } from '../../db/Database.js';
import { createBundleRepository } from './bundleRepository.js';
import { orderBundleDocuments } from './orderBundleDocuments.js';

/**
 * The patient's processed documents not set aside as copies, in bundle order, with the indexed text of each one's
 * first `openingPages` pages (where its own date is).
 */
export async function readBundleDocuments(
  db: Queryable,
  patient: { id: number; groupId: number },
  openingPages: number,
) {
  const bundles = createBundleRepository(db);
  const documents = orderBundleDocuments(await bundles.processedDocuments(patient.id, patient.groupId));
  const opening = await bundles.openingText(
    documents.map((document) => document.id),
    openingPages,
  );
  return { documents, opening };
}
