/** One result of a web search. */
export interface WebSearchResult {
  title: string;
  url: string;
  /** The service's summary of the page (may be empty). */
  snippet: string;
}

export interface WebSearchOptions {
  /** Only pages on these domains (or their subdomains) are wanted; the caller checks every result again. */
  domains: readonly string[];
  limit: number;
  signal: AbortSignal;
}

/**
 * A web search service (a SearXNG instance by default), configured from the environment. The server has one only
 * when configured; otherwise null, and the research assistant says plainly that web search is not configured.
 */
export interface WebSearch {
  /** What the status shows, e.g. "SearXNG (search.example.org)" (never a key). */
  readonly label: string;
  search(query: string, options: WebSearchOptions): Promise<WebSearchResult[]>;
}

/** The search service could not answer: the caller's 502, with the reason. */
export class WebSearchError extends Error {
  override name = 'WebSearchError';
}
