import type { Queryable } from '../../db/Database.js';

interface PageMapRow {
  document_id: number;
  page_map: number[] | null;
}

/**
 * Where the given documents' pages landed in the patient's latest completed record bundle: for each document in
 * it, its page map, where `pageMap[page - 1]` is that page's bundle page. A document added after that bundle, or
 * every document of a patient without one, is not in the map: its pages have no bundle page.
 */
export async function bundlePagesFor(
  db: Queryable,
  patientId: number,
  documentIds: readonly number[],
): Promise<ReadonlyMap<number, readonly number[]>> {
  if (documentIds.length === 0) return new Map();
  const { rows } = await db.query<PageMapRow>(
    `SELECT bd.document_id, bd.page_map
       FROM record_bundle_documents bd
      WHERE bd.bundle_id = (SELECT b.id FROM record_bundles b
                             WHERE b.patient_id = $1 AND b.status = 'completed' ORDER BY b.id DESC LIMIT 1)
        AND bd.document_id = ANY($2::int[])`,
    [patientId, [...new Set(documentIds)]],
  );
  return new Map(rows.map((row) => [row.document_id, (row.page_map ?? []).map(Number)]));
}
