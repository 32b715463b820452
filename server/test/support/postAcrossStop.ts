import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * POSTs `body` as JSON in two halves: the first half at once, then, `stopAfterMs` later, `stop()` is called (the
 * server is asked to shut down) and the second half follows `restAfterMs` after that. For tests that a request in
 * flight when a stop begins still gets its answer.
 */
export function postAcrossStop(
  url: string,
  body: string,
  options: {
    headers?: Record<string, string>;
    stop: () => void;
    stopAfterMs: number;
    restAfterMs: number;
  },
): Promise<RawAnswer> {
  const half = Math.floor(body.length / 2);
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.write(body.slice(0, half));
    setTimeout(() => {
      options.stop();
      setTimeout(() => outgoing.end(body.slice(half)), options.restAfterMs);
    }, options.stopAfterMs);
  });
}
