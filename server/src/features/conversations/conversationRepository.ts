import type { ConversationEntry, ConversationMetadata } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

/** Whose conversation: one user's about one patient, or (patientId null) one user's about their opinion documents. */
export interface ConversationOwner {
  userId: number;
  patientId: number | null;
}

/** One question and the answer it got, as the language model is reminded of them. */
export interface StoredExchange {
  question: string;
  answer: string;
}

interface EntryRow {
  id: number;
  entry_type: 'user' | 'assistant';
  content: string;
  metadata: ConversationMetadata | null;
  created_at: Date | string;
}

// `patient_id IS NOT DISTINCT FROM $2` matches both scopes with one statement: a patient, or NULL for opinions.
const OWNED_BY = `user_id = $1 AND patient_id IS NOT DISTINCT FROM $2::int`;

/** Plain SQL over conversation_entries; every statement names the user and the patient (or none, for opinions). */
export function createConversationRepository(db: Queryable) {
  return {
    async list(owner: ConversationOwner): Promise<ConversationEntry[]> {
      const { rows } = await db.query<EntryRow>(
        `SELECT id, entry_type, content, metadata, created_at FROM conversation_entries
          WHERE ${OWNED_BY} ORDER BY id`,
        [owner.userId, owner.patientId],
      );
      return rows.map((row) => ({
        id: row.id,
        type: row.entry_type,
        content: row.content,
        timestamp: toIsoDateTime(row.created_at) ?? '',
        metadata: row.metadata,
      }));
    },

    async append(
      owner: ConversationOwner,
      entry: { type: 'user' | 'assistant'; content: string; metadata: ConversationMetadata | null; at: Date },
    ): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO conversation_entries (user_id, patient_id, entry_type, content, metadata, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
        [
          owner.userId,
          owner.patientId,
          entry.type,
          entry.content,
          entry.metadata === null ? null : JSON.stringify(entry.metadata),
          entry.at.toISOString(),
        ],
      );
      return rows[0]!.id;
    },

    /** The last `limit` questions that got an answer, oldest first. */
    async recentExchanges(owner: ConversationOwner, limit: number): Promise<StoredExchange[]> {
      const { rows } = await db.query<{ question: string; answer: string }>(
        `SELECT question.content AS question, answer.content AS answer
           FROM conversation_entries answer
           JOIN LATERAL (
             SELECT content FROM conversation_entries earlier
              WHERE earlier.user_id = answer.user_id
                AND earlier.patient_id IS NOT DISTINCT FROM answer.patient_id
                AND earlier.entry_type = 'user' AND earlier.id < answer.id
              ORDER BY earlier.id DESC LIMIT 1
           ) question ON true
          WHERE answer.user_id = $1 AND answer.patient_id IS NOT DISTINCT FROM $2::int
            AND answer.entry_type = 'assistant'
          ORDER BY answer.id DESC LIMIT $3`,
        [owner.userId, owner.patientId, limit],
      );
      return rows.reverse();
    },

    async clear(owner: ConversationOwner): Promise<number> {
      const { rowCount } = await db.query(`DELETE FROM conversation_entries WHERE ${OWNED_BY}`, [
        owner.userId,
        owner.patientId,
      ]);
      return rowCount;
    },

    /** Every user's conversation about the patient ("Delete all patient data"). */
    async deleteAllOfPatient(patientId: number): Promise<number> {
      const { rowCount } = await db.query(`DELETE FROM conversation_entries WHERE patient_id = $1`, [
        patientId,
      ]);
      return rowCount;
    },
  };
}

export type ConversationRepository = ReturnType<typeof createConversationRepository>;
