import type { Database } from './Database.js';
import type { Migration } from './migrations/Migration.js';
import { migrations as allMigrations } from './migrations/migrations.js';
import { analyzeDatabase } from './analyzeDatabase.js';

// Serialises migration runs of several servers sharing one real PostgreSQL.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction, then refreshes the
 * planner's statistics when any ran (new indexes and columns have none).
 */
export async function runMigrations(
  db: Database,
  migrations: readonly Migration[] = allMigrations,
): Promise<number[]> {
  await db.execute(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const applied: number[] = [];
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (existing.rows.length > 0) return false;
      await tx.execute(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  if (applied.length > 0) await analyzeDatabase(db);
  return applied;
}
