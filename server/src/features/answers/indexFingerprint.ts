import type { Queryable } from '../../db/Database.js';
import type { RetrievalScope } from './RetrievalScope.js';
import { SET_ASIDE_FINGERPRINT_SQL } from '../record-review/setAsideSql.js';

interface FingerprintRow {
  documents: number;
  last_document: number | null;
  last_processed: string | null;
  last_job: number | null;
  last_bundle: number | null;
  set_aside: string;
}

/**
 * A value that changes whenever what a question over the scope could find or show changes. Only processed
 * documents are searched, and their passages change only by processing, deletion or a rebuild, so it is made of:
 * the processed documents (count, newest id, newest processing date), the scope's newest finished job of any kind (a
 * rebuild rewrites passages in place, keeping their ids and counts; a job of another kind costs a cache miss at most)
 * and, for a patient, the newest completed record bundle (its pages appear in answers). Each part is read through
 * an index of the scope's documents or jobs, never by counting its passages, so it stays cheap at any size.
 */
export async function indexFingerprint(db: Queryable, scope: RetrievalScope): Promise<string> {
  const { rows } =
    scope.kind === 'patient'
      ? await db.query<FingerprintRow>(
          `SELECT
             (SELECT count(*)::int FROM documents WHERE patient_id = $1 AND status = 'processed') AS documents,
             (SELECT max(id) FROM documents WHERE patient_id = $1) AS last_document,
             (SELECT max(processed_date)::text FROM documents WHERE patient_id = $1) AS last_processed,
             (SELECT max(id) FROM jobs WHERE patient_id = $1 AND status IN ('completed', 'failed', 'cancelled'))
               AS last_job,
             (SELECT max(id) FROM record_bundles WHERE patient_id = $1 AND status = 'completed') AS last_bundle,
             ${SET_ASIDE_FINGERPRINT_SQL} AS set_aside`,
          [scope.patientId],
        )
      : await db.query<FingerprintRow>(
          `SELECT
             (SELECT count(*)::int FROM documents WHERE owner_user_id = $1 AND status = 'processed') AS documents,
             (SELECT max(id) FROM documents WHERE owner_user_id = $1) AS last_document,
             (SELECT max(processed_date)::text FROM documents WHERE owner_user_id = $1) AS last_processed,
             (SELECT max(id) FROM jobs WHERE user_id = $1 AND patient_id IS NULL
                AND status IN ('completed', 'failed', 'cancelled')) AS last_job,
             NULL::int AS last_bundle,
             '' AS set_aside`,
          [scope.userId],
        );
  const row = rows[0]!;
  const scopeKey = scope.kind === 'patient' ? `patient:${scope.patientId}` : `opinions:${scope.userId}`;
  return [
    scopeKey,
    `documents:${row.documents}/${row.last_document ?? 0}/${row.last_processed ?? '-'}`,
    `job:${row.last_job ?? 0}`,
    `bundle:${row.last_bundle ?? 0}`,
    `set-aside:${row.set_aside}`,
  ].join('|');
}
