import pg from 'pg';
import type { Database, Queryable, QueryResult, Session } from './Database.js';
import { StatementTimeoutError } from './StatementTimeoutError.js';

/** PostgreSQL's code for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(sql, [...params]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async execute(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/** BEGIN … COMMIT on one connection, rolled back when `fn` throws. */
async function inTransaction<T>(client: pg.PoolClient, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn(wrap(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A real PostgreSQL through a connection pool (`DATABASE_URL`). */
export async function createPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the database drops (a restart, an administrator's kill) is discarded by the pool and
  // replaced on the next query; unhandled, its 'error' event would crash the whole API.
  pool.on('error', (error) => {
    console.error(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // Fail at start, not at the first request, when the database cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const root = wrap(pool);
  return {
    kind: 'postgres',
    query: root.query,
    execute: root.execute,
    async queryWithTimeout<T>(timeoutMs: number, sql: string, params: readonly unknown[] = []) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        // The wait for a free connection counts against the limit too.
        const remainingMs = Math.floor(timeoutMs - (performance.now() - started));
        if (remainingMs < 1) throw new StatementTimeoutError(timeoutMs);
        await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${remainingMs}`);
        try {
          const result = await wrap(client).query<T>(sql, params);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if ((error as { code?: unknown }).code === QUERY_CANCELED)
            throw new StatementTimeoutError(timeoutMs);
          throw error;
        }
      } finally {
        client.release();
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    async withAdvisoryLock<T>(key: number, fn: (session: Session) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // A session lock, held by this connection until unlocked or until the connection ends (a killed instance
        // cannot leave it behind).
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn({ ...wrap(client), transaction: (work) => inTransaction(client, work) });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((error: unknown) => {
            // The connection is unusable: the pool must drop it, which also ends the lock.
            broken = error instanceof Error ? error : new Error(String(error));
          });
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
