import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './HttpError.js';
import { isMalformedMultipart, MALFORMED_UPLOAD_MESSAGE } from './malformedMultipart.js';

/** Messages for the framework's own client errors, so that no answer carries framework internals. */
function clientErrorMessage(error: FastifyError, bodyLimitBytes: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is too large (limit ${Math.round(bodyLimitBytes / 1024)} KB)`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body size does not match its Content-Length';
    default:
      return error.statusCode === 429 ? error.message : 'Bad request';
  }
}

/** Every failure answers `{ message }`; server faults are logged and never expose a stack or internal detail. */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, message: error.message });
    }
    if (isMalformedMultipart(error)) {
      request.log.info({ err: error }, 'upload refused: its multipart body was cut off or malformed');
      return reply.status(400).send({ message: MALFORMED_UPLOAD_MESSAGE });
    }
    const statusCode = (error as FastifyError).statusCode;
    if (error instanceof SyntaxError && statusCode === undefined) {
      return reply.status(400).send({ message: 'Malformed JSON in request body' });
    }
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return reply
        .status(statusCode)
        .send({ message: clientErrorMessage(error as FastifyError, bodyLimitBytes) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
