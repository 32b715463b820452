import type { WebSearchSettings } from '../../config/loadConfig.js';
import { WebSearchError, type WebSearch, type WebSearchResult } from './WebSearch.js';

/** Longest page summary kept from the service: a few sentences are enough to choose and cite a page. */
const SNIPPET_MAX_LENGTH = 600;

interface SearxngAnswer {
  results?: unknown;
}

interface SearxngResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
}

function describeTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The query SearXNG passes on to its engines: the question, restricted to the domains with `site:` operators
 * ("question (site:a OR site:b)"). Engines that ignore the operator return other pages; the caller drops them.
 */
export function searxngQuery(question: string, domains: readonly string[]): string {
  if (domains.length === 0) return question;
  const sites = domains.map((domain) => `site:${domain}`);
  return sites.length === 1 ? `${question} ${sites[0]}` : `${question} (${sites.join(' OR ')})`;
}

/**
 * Web search through a SearXNG instance's JSON API (GET <base>/search?q=…&format=json). The instance must allow the
 * json format (search.formats in its settings.yml), otherwise it answers 403 and the failure says how to fix it.
 * Credentials in WEB_SEARCH_URL become a Basic Authorization header (fetch refuses them in the URL) and are never
 * shown.
 */
export function createSearxngWebSearch(settings: WebSearchSettings): WebSearch {
  const base = new URL(settings.baseUrl);
  const authorization =
    base.username || base.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
      : null;
  base.username = '';
  base.password = '';
  const endpoint = new URL(`${base.pathname.replace(/\/+$/, '')}/search`, base.origin);
  const host = base.host;

  return {
    label: `SearXNG (${host})`,
    async search(query, options): Promise<WebSearchResult[]> {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({
        q: searxngQuery(query, options.domains),
        format: 'json',
        categories: 'general',
        safesearch: '0',
      }).toString();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
          signal: AbortSignal.any([options.signal, AbortSignal.timeout(settings.timeoutMs)]),
        });
      } catch (error) {
        if (options.signal.aborted) throw error;
        const reason =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${describeTimeout(settings.timeoutMs)}`
            : (error as Error).message;
        throw new WebSearchError(`The search service at ${host} could not be reached: ${reason}`, {
          cause: error,
        });
      }
      if (response.status === 403) {
        throw new WebSearchError(
          `The search service at ${host} refused the JSON format (403): enable "json" under search.formats in its settings.yml`,
        );
      }
      if (!response.ok) {
        throw new WebSearchError(
          `The search service at ${host} answered ${response.status} ${response.statusText}`.trim(),
        );
      }
      const answer = (await response.json().catch(() => null)) as SearxngAnswer | null;
      if (!answer || !Array.isArray(answer.results)) {
        throw new WebSearchError(`The search service at ${host} answered without JSON results`);
      }
      const results: WebSearchResult[] = [];
      for (const item of answer.results as SearxngResult[]) {
        if (typeof item?.url !== 'string' || item.url === '') continue;
        const title = typeof item.title === 'string' && item.title.trim() ? item.title.trim() : item.url;
        const snippet =
          typeof item.content === 'string' ? item.content.trim().slice(0, SNIPPET_MAX_LENGTH) : '';
        results.push({ title, url: item.url, snippet });
        if (results.length >= options.limit) break;
      }
      return results;
    },
  };
}
