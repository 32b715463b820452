// A local stand-in for a SearXNG instance's JSON search API, for tests of the research assistant over real HTTP.
// Like a real instance whose engines ignore `site:`, it answers every query with the same results, whatever
// domains the query names, so the server's own host check is what keeps off-list pages out.
//
//   GET /search?q=…&format=json  { query, number_of_results, results: [{ url, title, content, engine }] }
//                                 format other than json: 403, as an instance with the JSON format turned off
//
// startSearxngStandIn(options):
//   results   what every search answers (default: none), changed later with setResults
//   mode      'answer' (default) | 'fail' (500) | 'json-disabled' (403 for every query), changed with setMode
// It returns { baseUrl (what WEB_SEARCH_URL takes), queries (each request's parameters), authorizations (each
// request's Authorization header), setResults, setMode, close }.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SearxngStandInResult {
  url: string;
  title: string;
  content: string;
}

export type SearxngStandInMode = 'answer' | 'fail' | 'json-disabled';

export interface SearxngStandIn {
  baseUrl: string;
  /** Every search request's query parameters, e.g. { q, format, categories }. */
  queries: Record<string, string>[];
  authorizations: (string | undefined)[];
  setResults(results: readonly SearxngStandInResult[]): void;
  setMode(mode: SearxngStandInMode): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startSearxngStandIn(
  options: { results?: readonly SearxngStandInResult[]; mode?: SearxngStandInMode } = {},
): Promise<SearxngStandIn> {
  let results = [...(options.results ?? [])];
  let mode: SearxngStandInMode = options.mode ?? 'answer';
  const queries: Record<string, string>[] = [];
  const authorizations: (string | undefined)[] = [];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method !== 'GET' || url.pathname !== '/search') {
      send(response, 404, 'Not found', 'text/plain');
      return;
    }
    const parameters = Object.fromEntries(url.searchParams);
    queries.push(parameters);
    authorizations.push(request.headers.authorization);
    if (mode === 'fail') {
      send(response, 500, 'Internal Server Error', 'text/plain');
      return;
    }
    if (mode === 'json-disabled' || parameters.format !== 'json') {
      send(response, 403, 'Forbidden', 'text/plain');
      return;
    }
    send(response, 200, {
      query: parameters.q ?? '',
      number_of_results: results.length,
      results: results.map((result) => ({ ...result, engine: 'stand-in', score: 1 })),
      answers: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    queries,
    authorizations,
    setResults(next) {
      results = [...next];
    },
    setMode(next) {
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
