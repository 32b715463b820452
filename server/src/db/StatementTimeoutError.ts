/** A statement given a time limit (Database.queryWithTimeout) did not answer within it. */
export class StatementTimeoutError extends Error {
  override name = 'StatementTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The statement did not answer within ${timeoutMs} ms`);
  }
}
