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

/**
 * The one database seam of the server: the embedded PGlite and a real PostgreSQL both implement it, so
 * every query is plain SQL that runs on either. Dates are selected as text and counts cast to int in the
 * SQL itself, because the two drivers parse those types differently.
 */
export interface Database extends Queryable {
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
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
