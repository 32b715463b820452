import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/Database.js';
import type { ComposedAnswer } from '../answers/answerQuestion.js';
import type { RetrievalScope } from '../answers/RetrievalScope.js';

/** What identifies an answer: the same question, asked the same way, of the same index, by the same model. */
export interface AnswerCacheKey {
  scope: RetrievalScope;
  question: string;
  k: number;
  /** The configured model ('provider/model'), or 'retrieval-only' without one. */
  modelIdentity: string;
  /** indexFingerprint of the scope: any change to its documents gives a new one. */
  fingerprint: string;
}

/** The question as the cache compares it: outer spaces trimmed, inner runs of spaces collapsed, lower-case. */
export function normaliseQuestion(question: string): string {
  return question.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function answerCacheKey(key: AnswerCacheKey): string {
  const scopeId = key.scope.kind === 'patient' ? key.scope.patientId : key.scope.userId;
  return createHash('sha256')
    .update(
      JSON.stringify([
        key.scope.kind,
        scopeId,
        normaliseQuestion(key.question),
        key.k,
        key.modelIdentity,
        key.fingerprint,
      ]),
    )
    .digest('hex');
}

/** The row's answer column: the fingerprint it was made over (for pruning) and the answer itself. */
interface CachedAnswer {
  fingerprint: string;
  answer: ComposedAnswer;
}

const ownerColumns = (scope: RetrievalScope) =>
  scope.kind === 'patient' ? [scope.patientId, null] : [null, scope.userId];

/**
 * The answer cache, all in the database so that several server instances agree. A row is found only by its key,
 * which includes the index fingerprint, so a stale answer is never served; rows of an older fingerprint are removed
 * whenever the scope is answered again, to keep the table small.
 */
export function createAnswerCacheRepository(db: Queryable) {
  return {
    async find(key: AnswerCacheKey): Promise<ComposedAnswer | null> {
      const { rows } = await db.query<{ answer: CachedAnswer }>(
        `SELECT answer FROM answer_cache WHERE cache_key = $1`,
        [answerCacheKey(key)],
      );
      return rows[0]?.answer.answer ?? null;
    },

    async store(key: AnswerCacheKey, answer: ComposedAnswer, at: Date): Promise<void> {
      const cached: CachedAnswer = { fingerprint: key.fingerprint, answer };
      await db.query(
        `INSERT INTO answer_cache (cache_key, patient_id, owner_user_id, answer, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (cache_key) DO UPDATE SET answer = EXCLUDED.answer, created_at = EXCLUDED.created_at`,
        [answerCacheKey(key), ...ownerColumns(key.scope), JSON.stringify(cached), at.toISOString()],
      );
    },

    /** Removes the scope's answers made over any other index than the current one. */
    async pruneStale(scope: RetrievalScope, currentFingerprint: string): Promise<number> {
      const [patientId, ownerUserId] = ownerColumns(scope);
      const { rowCount } = await db.query(
        patientId !== null
          ? `DELETE FROM answer_cache WHERE patient_id = $1 AND answer->>'fingerprint' <> $2`
          : `DELETE FROM answer_cache WHERE owner_user_id = $1 AND answer->>'fingerprint' <> $2`,
        [patientId ?? ownerUserId, currentFingerprint],
      );
      return rowCount;
    },

    /** Every cached answer about the patient ("Delete all patient data"). */
    async deleteAllOfPatient(patientId: number): Promise<number> {
      const { rowCount } = await db.query(`DELETE FROM answer_cache WHERE patient_id = $1`, [patientId]);
      return rowCount;
    },
  };
}
