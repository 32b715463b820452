export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** What a query can run on: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  execute(sql: string): Promise<void>;
}

/** What can run queries and open transactions: the database itself, or one session pinned to a connection. */
export interface Session extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/**
 * The one database seam of the server: the embedded PGlite and a real PostgreSQL both implement it, so
 * every query is plain SQL that runs on either. Dates are selected as text and counts cast to int in the
 * SQL itself, because the two drivers parse those types differently.
 */
export interface Database extends Session {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs one read-only statement that must answer within `timeoutMs`, or rejects with a StatementTimeoutError.
   * PostgreSQL cancels the statement itself; the embedded database cannot interrupt a running statement, so there
   * the limit applies to the wait for its turn (it runs one statement at a time).
   */
  queryWithTimeout<T = Record<string, unknown>>(
    timeoutMs: number,
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
  /**
   * Runs `fn` on one connection that holds the session-level advisory lock `key` (pg_advisory_lock, waiting for
   * it), so that work several instances start together runs once at a time; the lock is released when `fn` ends.
   * On the embedded database the data directory's lock already keeps every other process out, so `fn` runs at once.
   */
  withAdvisoryLock<T>(key: number, fn: (session: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
