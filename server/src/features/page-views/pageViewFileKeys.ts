import type { Queryable } from '../../db/Database.js';

/**
 * The stored files made from documents for their page views (drawn pages, Word printouts), chosen by a condition on
 * `documents d`: their rows go with the documents, their files must be removed after.
 */
export async function pageViewFileKeys(
  db: Queryable,
  condition: 'd.id = $1' | 'd.patient_id = $1' | 'd.owner_user_id = $1',
  id: number,
): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `SELECT i.storage_key FROM document_page_images i JOIN documents d ON d.id = i.document_id WHERE ${condition}
     UNION ALL
     SELECT p.storage_key FROM document_printouts p JOIN documents d ON d.id = p.document_id WHERE ${condition}`,
    [id],
  );
  return rows.map((row) => row.storage_key);
}
