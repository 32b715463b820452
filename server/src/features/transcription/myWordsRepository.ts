import type { Queryable } from '../../db/Database.js';

/**
 * The words the recogniser adds for a user: their own (`speech_vocabulary`, one list per user) and their group's
 * (`group_speech_vocabulary`, kept by its group administrators).
 */
export function createMyWordsRepository(db: Queryable) {
  return {
    /** What a user's dictation is recognised with: their own words, then their group's they have not listed. */
    async vocabularyOf(userId: number): Promise<string[]> {
      const { rows } = await db.query<{ own: string[] | null; group: string[] | null }>(
        `SELECT (SELECT words FROM speech_vocabulary WHERE user_id = u.id) AS own,
                (SELECT words FROM group_speech_vocabulary WHERE group_id = u.group_id) AS group
           FROM users u WHERE u.id = $1`,
        [userId],
      );
      return tidyMyWords([...(rows[0]?.own ?? []), ...(rows[0]?.group ?? [])]);
    },

    async groupWordsOf(groupId: number): Promise<string[]> {
      const { rows } = await db.query<{ words: string[] }>(
        `SELECT words FROM group_speech_vocabulary WHERE group_id = $1`,
        [groupId],
      );
      return rows[0]?.words ?? [];
    },

    async saveGroupWords(groupId: number, words: readonly string[], by: number, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO group_speech_vocabulary (group_id, words, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4)
         ON CONFLICT (group_id) DO UPDATE
           SET words = EXCLUDED.words, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [groupId, JSON.stringify(words), now.toISOString(), by],
      );
    },

    async wordsOf(userId: number): Promise<string[]> {
      const { rows } = await db.query<{ words: string[] }>(
        `SELECT words FROM speech_vocabulary WHERE user_id = $1`,
        [userId],
      );
      return rows[0]?.words ?? [];
    },

    async save(userId: number, words: readonly string[], now: Date): Promise<void> {
      await db.query(
        `INSERT INTO speech_vocabulary (user_id, words, updated_at) VALUES ($1, $2::jsonb, $3)
         ON CONFLICT (user_id) DO UPDATE SET words = EXCLUDED.words, updated_at = EXCLUDED.updated_at`,
        [userId, JSON.stringify(words), now.toISOString()],
      );
    },
  };
}

/** The words as stored: trimmed, inner spaces single, blanks and repeats (whatever their case) left out. */
export function tidyMyWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const tidy: string[] = [];
  for (const word of words) {
    const cleaned = word.trim().replace(/\s+/g, ' ');
    const key = cleaned.toLowerCase();
    if (cleaned === '' || seen.has(key)) continue;
    seen.add(key);
    tidy.push(cleaned);
  }
  return tidy;
}
