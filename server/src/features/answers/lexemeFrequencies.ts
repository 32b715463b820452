import type { Queryable } from '../../db/Database.js';

/** How common a word of the index is: the share of passages that contain it, as the planner's statistics say. */
export interface LexemeFrequencies {
  /**
   * The share (0–1) of passages holding the lexeme. A lexeme not among the most common ones is rarer than all of
   * them: it counts as half of `rareBelow`.
   */
  of(lexeme: string): number;
  /** The smallest share of a listed lexeme: every lexeme not listed is rarer than this. */
  rareBelow: number;
  /** False before the index was first analysed: nothing is known about any lexeme. */
  known: boolean;
}

/** Statistics change with ANALYZE (after bulk changes and every 30 minutes), so a few minutes' reuse is exact enough. */
const REUSE_MS = 5 * 60 * 1000;
const cache = new WeakMap<Queryable, { at: number; frequencies: Promise<LexemeFrequencies> }>();

async function readFrequencies(db: Queryable): Promise<LexemeFrequencies> {
  const { rows } = await db.query<{ lexemes: string[] | null; frequencies: number[] | null }>(
    `SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS frequencies
       FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'document_chunks' AND attname = 'tsv'`,
  );
  const lexemes = rows[0]?.lexemes ?? [];
  const frequencies = (rows[0]?.frequencies ?? []).map(Number);
  if (lexemes.length === 0) return { of: () => 0, rareBelow: 0, known: false };
  const byLexeme = new Map(lexemes.map((lexeme, index) => [lexeme, frequencies[index] ?? 0]));
  // After the frequencies of the listed lexemes come the smallest and the largest of them.
  const rareBelow = frequencies[lexemes.length] ?? Math.min(...byLexeme.values());
  return { of: (lexeme) => byLexeme.get(lexeme) ?? rareBelow / 2, rareBelow, known: true };
}

/**
 * The share of passages each lexeme of the whole index appears in, from PostgreSQL's own statistics of the
 * full-text column (its most common elements): free to read, unlike counting a common word's passages, and close
 * enough to each scope's own figures to tell a word that distinguishes passages from one that is everywhere.
 */
export function lexemeFrequencies(db: Queryable, now = Date.now()): Promise<LexemeFrequencies> {
  const cached = cache.get(db);
  if (cached && now - cached.at < REUSE_MS) return cached.frequencies;
  const frequencies = readFrequencies(db);
  cache.set(db, { at: now, frequencies });
  frequencies.catch(() => cache.delete(db));
  return frequencies;
}
