/** The answer to an upload whose body is cut off or is not well-formed multipart. */
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload was incomplete or malformed, so nothing was stored: please send the file again';

/**
 * The multipart parser (@fastify/busboy) gives its errors no code, only these messages ("Unexpected end of
 * multipart data", "Part terminated early due to unexpected end of multipart data", "Multipart: Boundary not
 * found", "Malformed part header"); @fastify/multipart's own has a code.
 */
const PARSER_MESSAGES = [
  /unexpected end of multipart data/i,
  /terminated early/i,
  /boundary not found/i,
  /malformed part header/i,
];
const MULTIPART_CODES = new Set(['FST_MP_PREMATURE_CLOSE']);

/** Whether `error`, or an error it was caused by, says the request's multipart body was cut off or malformed. */
export function isMalformedMultipart(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { message } = cause;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_CODES.has(code)) return true;
    if (PARSER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    cause = cause.cause;
  }
  return false;
}
