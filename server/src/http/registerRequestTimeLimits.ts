import { AUDIO_UPLOAD_MAX_BYTES, DOCUMENT_MAX_BYTES } from '@ewrt/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes an upload of up to this many bytes: its body may take as long as that needs. */
    uploadMaxBytes?: number;
  }
}

/** The slowest line an upload must still get through on: 1 Mbit/s (a 250 MB document in 35 minutes). */
export const SLOW_LINE_BYTES_PER_SECOND = 125_000;

export const REQUEST_TOO_SLOW_MESSAGE = 'The request did not arrive in time';

/** How long a request may take to arrive: REQUEST_TIMEOUT_MS, or for an upload its largest file at a slow line. */
export function requestTimeLimitMs(requestMs: number, uploadMaxBytes: number | undefined): number {
  if (uploadMaxBytes === undefined) return requestMs;
  return Math.max(requestMs, Math.ceil((uploadMaxBytes / SLOW_LINE_BYTES_PER_SECOND) * 1000));
}

/** The longest any request may take: the largest upload the spec allows (the Node server's own ceiling). */
export const longestRequestMs = (requestMs: number) =>
  requestTimeLimitMs(requestMs, Math.max(AUDIO_UPLOAD_MAX_BYTES, DOCUMENT_MAX_BYTES));

/**
 * Node's `requestTimeout` is one value for the whole server, and Fastify 5 has no per-route one, so Node gets the
 * longest (an upload's) and each request is held to its own route's limit here: a body that has not arrived by
 * then answers 408 and the connection is closed. Without this a single 60 s limit would cut every large upload on
 * an ordinary line, or a long one would let any request trickle in for an hour.
 */
export function registerRequestTimeLimits(app: FastifyInstance, requestMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request;
    if (raw.complete) {
      done();
      return;
    }
    const limitMs = requestTimeLimitMs(requestMs, request.routeOptions.config.uploadMaxBytes);
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent) return;
      request.log.info({ limitMs }, 'request body did not arrive in time');
      reply.raw.once('finish', () => raw.socket?.destroy());
      void reply.code(408).header('Connection', 'close').send({ message: REQUEST_TOO_SLOW_MESSAGE });
    }, limitMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
}
