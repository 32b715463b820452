import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from './FileStore.js';

// After the transaction that deleted their rows: at once, then a little later for a transaction still committing.
const CHECK_DELAYS_MS = [0, 1_000, 5_000, 30_000];

/**
 * Removes stored files whose rows are being deleted by a transaction this code cannot see the end of (a purge run by
 * another feature): each key is removed once no row names it any more, i.e. once that transaction has committed. If
 * it rolled back, the rows still name the keys and the files stay. Keys are never reused, so a key whose row is gone
 * can never be wanted again.
 */
export function removeFilesOnceUnreferenced(
  deps: { db: Database; files: FileStore; log: FastifyBaseLogger },
  keys: readonly string[],
): void {
  let pending = [...keys];
  const check = async (attempt: number): Promise<void> => {
    const { rows } = await deps.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM generated_files WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM record_bundles WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM example_documents WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM report_templates WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM draft_reports WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM transcriptions WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM document_page_images WHERE storage_key = ANY($1::text[])
       UNION SELECT storage_key FROM document_printouts WHERE storage_key = ANY($1::text[])`,
      [pending],
    );
    const stillReferenced = new Set(rows.map((row) => row.storage_key));
    for (const key of pending) if (!stillReferenced.has(key)) await deps.files.remove(key);
    pending = pending.filter((key) => stillReferenced.has(key));
    const delay = CHECK_DELAYS_MS[attempt + 1];
    if (pending.length > 0 && delay !== undefined) schedule(attempt + 1, delay);
  };
  const schedule = (attempt: number, delay: number) => {
    setTimeout(() => {
      check(attempt).catch((error: unknown) =>
        deps.log.error({ err: error }, 'removing the files of deleted documents failed'),
      );
    }, delay).unref();
  };
  if (pending.length > 0) schedule(0, CHECK_DELAYS_MS[0]!);
}
