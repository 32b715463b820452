import type { Database, Session } from './Database.js';
import type { Migration } from './migrations/Migration.js';
import { migrations as allMigrations } from './migrations/migrations.js';
import { analyzeDatabase } from './analyzeDatabase.js';

/** The advisory lock that serialises the start-up of several servers sharing one real PostgreSQL. */
export const START_UP_LOCK_KEY = 727_001;

export interface RunMigrationsOptions {
  migrations?: readonly Migration[];
  /**
   * Runs after the migrations, still under the start-up lock and on the same connection (the demo seed): what it
   * checks and writes, no other instance starting at the same moment can check or write in between.
   */
  thenUnderLock?: (session: Session) => Promise<void>;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction, then refreshes the
 * planner's statistics when any ran (new indexes and columns have none). Everything runs under one session-level
 * advisory lock, so instances starting together on one PostgreSQL apply each migration once: the others wait, then
 * find nothing left to do.
 */
export async function runMigrations(db: Database, options: RunMigrationsOptions = {}): Promise<number[]> {
  const ordered = [...(options.migrations ?? allMigrations)].sort((a, b) => a.version - b.version);
  return db.withAdvisoryLock(START_UP_LOCK_KEY, async (session) => {
    await session.execute(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await session.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => Number(row.version)));
    const applied: number[] = [];
    for (const migration of ordered) {
      if (done.has(migration.version)) continue;
      await session.transaction(async (tx) => {
        await tx.execute(migration.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      });
      applied.push(migration.version);
    }
    if (applied.length > 0) await analyzeDatabase(session);
    await options.thenUnderLock?.(session);
    return applied;
  });
}
