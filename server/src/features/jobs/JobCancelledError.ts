/** A cancel was requested (or the job was deleted with its patient's data): the job ends 'cancelled' here. */
export class JobCancelledError extends Error {
  override name = 'JobCancelledError';
  constructor(message = 'The job was cancelled') {
    super(message);
  }
}
