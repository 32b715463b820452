import { analyzeDatabase } from './analyzeDatabase.js';
import type { Queryable } from './Database.js';

async function writePosition(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ position: string }>(`SELECT pg_current_wal_lsn()::text AS position`);
  return rows[0]?.position ?? '';
}

/**
 * ANALYZEs the database every `intervalMs` for a database that has no autovacuum of its own (PGlite), skipping the
 * runs when nothing was written since the last one (its write-ahead log has not moved). Returns the function that
 * stops the timer; the timer never keeps the process alive.
 */
export function scheduleAnalyze(
  db: Queryable,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  let analyzedAt: string | null = null;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    (async () => {
      if (analyzedAt !== null && (await writePosition(db)) === analyzedAt) return;
      await analyzeDatabase(db);
      analyzedAt = await writePosition(db);
    })()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
