import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './Database.js';

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

/** The embedded PostgreSQL, persisted in `directory`. */
export async function createPgliteDatabase(directory: string): Promise<Database> {
  const pglite = await PGlite.create(directory);
  const root = wrap(pglite);
  return {
    kind: 'pglite',
    query: root.query,
    execute: root.execute,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // Closing PGlite flushes its in-memory state to the data directory.
    close: () => pglite.close(),
  };
}
