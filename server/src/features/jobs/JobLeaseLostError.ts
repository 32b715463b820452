/**
 * This worker no longer holds its job (the lease ran out and another worker took it, the job was deleted, or the
 * server is stopping): nothing it does from now on is written.
 */
export class JobLeaseLostError extends Error {
  override name = 'JobLeaseLostError';
  constructor(message = 'This worker no longer holds the job') {
    super(message);
  }
}
