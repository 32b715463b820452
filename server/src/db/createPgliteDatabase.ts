import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './Database.js';
import { scheduleAnalyze } from './scheduleAnalyze.js';
import { StatementTimeoutError } from './StatementTimeoutError.js';

/** PGlite has no autovacuum: without this the planner keeps the statistics of whenever it last ANALYZEd. */
const ANALYZE_INTERVAL_MS = 30 * 60 * 1000;

interface PgliteRunner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(runner: PgliteRunner): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await runner.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async execute(sql: string): Promise<void> {
      await runner.exec(sql);
    },
  };
}

/** The embedded PostgreSQL, persisted in `directory`, with the trigram extension the search indexes use. */
export async function createPgliteDatabase(directory: string): Promise<Database> {
  const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
  const root = wrap(pglite);
  const stopAnalyzing = scheduleAnalyze(root, ANALYZE_INTERVAL_MS, (error) => {
    console.error('Periodic ANALYZE of the embedded database failed:', error);
  });
  return {
    kind: 'pglite',
    query: root.query,
    execute: root.execute,
    // PGlite runs one statement at a time and cannot interrupt one (no statement_timeout), so the limit is checked
    // when this statement's turn comes: a request that waited too long behind others is answered, not run.
    async queryWithTimeout<T>(timeoutMs: number, sql: string, params: readonly unknown[] = []) {
      const deadline = performance.now() + timeoutMs;
      return pglite.transaction(async (tx) => {
        if (performance.now() > deadline) throw new StatementTimeoutError(timeoutMs);
        return wrap(tx).query<T>(sql, params);
      });
    },
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // One process owns this database (the data directory's lock), so there is nobody to wait for.
    withAdvisoryLock: (_key, fn) =>
      fn({ ...root, transaction: (work) => pglite.transaction((tx) => work(wrap(tx))) }),
    // Closing PGlite flushes its in-memory state to the data directory.
    close: () => {
      stopAnalyzing();
      return pglite.close();
    },
  };
}
