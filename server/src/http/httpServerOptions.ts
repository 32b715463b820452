import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpTimeouts } from '../config/loadConfig.js';
import { longestRequestMs } from './registerRequestTimeLimits.js';

/** What the server answers on a connection whose request it cannot read, before any route is involved. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

/**
 * Fastify's own handler answers these with its internal error shape; this one answers `{ message }` like every
 * other failure, then closes the connection (the request's bytes can no longer be trusted to line up).
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset or already closed connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A path the router cannot decode (`%C0`) or whose parameter is too long: 400 `{ message }`. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Malformed URL';
  void reply.code(400).send({ message });
}

/**
 * The Fastify options that decide how long the server waits for a client. Without them Fastify waits forever
 * for a request's body (`requestTimeout` 0) and Node checks the header and request time-outs only every 30 s.
 * Node's request time-out is the longest an upload may take; registerRequestTimeLimits holds every other route
 * to REQUEST_TIMEOUT_MS.
 */
export function httpServerOptions(timeouts: HttpTimeouts) {
  const requestTimeout = longestRequestMs(timeouts.requestMs);
  return {
    requestTimeout,
    connectionTimeout: timeouts.idleConnectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
}
