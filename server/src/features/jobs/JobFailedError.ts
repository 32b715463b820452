/**
 * A job failed for a reason written for the person who started it (a file that cannot be read, a model that did
 * not answer): its message is the job's error as it is. Any other error is shown as UNEXPECTED_JOB_FAILURE and
 * logged on the server, since a library's text means nothing to users and may show the server's internals.
 */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
}
