// Test data and MSW handlers for the research assistant calls (part 3 §7 "Research assistant"). Each handler takes
// either the answer's body (sent as JSON with the call's status) or an MSW resolver for anything dynamic.
import type {
  MessageResponse,
  ModelInfo,
  ResearchSearchRequest,
  ResearchSearchResponse,
  ResearchSource,
  ResearchStatusResponse,
  TrustedSource,
  TrustedSourceSavedResponse,
} from '@ewrt/contract';
import { apiUrl, http, HttpResponse } from '@ewrt/shared/testing';
import type { HttpResponseResolver, PathParams } from 'msw';

type Resolver = HttpResponseResolver<PathParams>;
/** A handler's answer: the body (sent as JSON with the handler's status) or a resolver. */
export type ResearchAnswer<Body> = Body | Resolver;

function respond<Body>(answer: ResearchAnswer<Body>, status = 200): Resolver {
  return typeof answer === 'function'
    ? (answer as Resolver)
    : () => HttpResponse.json(answer as Parameters<typeof HttpResponse.json>[0], { status });
}

/** An error answer as the server sends it (clients show its `message`). */
export function researchApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/** An error answer with no message, so the screen falls back to its own words. */
export const bareResearchServerError = () => new HttpResponse(null, { status: 500 });

export const RESEARCH_MODEL: ModelInfo = {
  mode: 'language-model',
  model: 'llama-3.1-8b-instruct',
  provider: 'llm.northgate.test',
  label: 'llama-3.1-8b-instruct (llm.northgate.test)',
};

export function makeTrustedSource(overrides: Partial<TrustedSource> = {}): TrustedSource {
  return {
    ID_Source: 1,
    source_name: 'NICE',
    source_domain: 'nice.org.uk',
    source_description: 'National Institute for Health and Care Excellence guidance',
    is_active: true,
    is_default: true,
    ...overrides,
  };
}

export function makeResearchStatus(overrides: Partial<ResearchStatusResponse> = {}): ResearchStatusResponse {
  return {
    available: true,
    message: 'Research service is ready',
    services: { ai_model: true, web_search: true },
    model_info: RESEARCH_MODEL,
    search_provider: 'SearXNG (search.northgate.test)',
    ...overrides,
  };
}

export function makeResearchSource(overrides: Partial<ResearchSource> = {}): ResearchSource {
  return {
    number: 1,
    title: 'Whiplash injury: management',
    url: 'https://www.nice.org.uk/guidance/whiplash',
    domain: 'nice.org.uk',
    source_name: 'NICE',
    snippet: 'Most people recover within three months.',
    ...overrides,
  };
}

export function makeResearchAnswer(overrides: Partial<ResearchSearchResponse> = {}): ResearchSearchResponse {
  return {
    response: 'Most people recover within three months [1].',
    timestamp: '2026-11-04T10:20:00.000Z',
    sources: [makeResearchSource()],
    domains: ['nice.org.uk'],
    model_info: RESEARCH_MODEL,
    ...overrides,
  };
}

export const savedSource = (message: string, source: TrustedSource): TrustedSourceSavedResponse => ({
  message,
  source,
});

export const trustedSourcesHandler = (answer: ResearchAnswer<{ sources: TrustedSource[] }>) =>
  http.get(apiUrl('/api/research/trusted-sources'), respond(answer));

export const researchStatusHandler = (answer: ResearchAnswer<ResearchStatusResponse>) =>
  http.get(apiUrl('/api/research/status'), respond(answer));

/** Answers every question with `answer`, recording each request's body. */
export function searchResearchHandler(
  answer: ResearchAnswer<ResearchSearchResponse>,
  received: ResearchSearchRequest[] = [],
) {
  return http.post(apiUrl('/api/research/search'), async (info) => {
    received.push((await info.request.clone().json()) as ResearchSearchRequest);
    return respond(answer)(info);
  });
}

export const toggleSourceHandler = (answer: ResearchAnswer<TrustedSourceSavedResponse>) =>
  http.post(apiUrl('/api/research/trusted-sources/:id/toggle'), respond(answer));

export const createSourceHandler = (answer: ResearchAnswer<TrustedSourceSavedResponse>) =>
  http.post(apiUrl('/api/research/trusted-sources'), respond(answer, 201));

export const updateSourceHandler = (answer: ResearchAnswer<TrustedSourceSavedResponse>) =>
  http.put(apiUrl('/api/research/trusted-sources/:id'), respond(answer));

export const deleteSourceHandler = (answer: ResearchAnswer<MessageResponse>) =>
  http.delete(apiUrl('/api/research/trusted-sources/:id'), respond(answer));

export const exportResearchHandler = (answer: Resolver) => http.post(apiUrl('/api/research/export'), answer);
