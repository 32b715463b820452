import type { Queryable } from '../../db/Database.js';

/** A user's own words for the recogniser (`speech_vocabulary`), one list per user. */
export function createMyWordsRepository(db: Queryable) {
  return {
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
