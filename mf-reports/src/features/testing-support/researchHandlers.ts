// Test data for the research assistant calls, and a search handler that records what it received.
import type {
  ModelInfo,
  ResearchSearchRequest,
  ResearchSearchResponse,
  ResearchSource,
  ResearchStatusResponse,
  TrustedSource,
  TrustedSourceSavedResponse,
} from '@ewrt/contract';
import { answerCall, HttpResponse, type CallAnswering } from '@ewrt/shared/testing';

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

/** Answers every question with `answer`, recording each request's body. */
export function searchResearchHandler(
  answer: CallAnswering<'searchResearch'>,
  received: ResearchSearchRequest[] = [],
) {
  return answerCall('searchResearch', (call) => {
    received.push(call.body);
    return typeof answer === 'function' ? answer(call) : answer;
  });
}
