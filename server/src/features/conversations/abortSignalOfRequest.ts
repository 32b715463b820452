import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer was sent (closed tab, cancelled request), so a
 * long model call stops instead of running for nobody.
 */
export function abortSignalOfRequest(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new Error('The client closed the request'));
  });
  return controller.signal;
}
