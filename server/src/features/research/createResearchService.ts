import {
  RESEARCH_RESULTS_MAX,
  type MessageResponse,
  type ModelInfo,
  type ResearchExportRequest,
  type ResearchSearchRequest,
  type ResearchSearchResponse,
  type ResearchSource,
  type ResearchStatusResponse,
  type TrustedSource,
  type TrustedSourceInput,
  type TrustedSourceSavedResponse,
  type TrustedSourcesResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { fileNameTimestamp, formatEnGbDateTime } from '../conversations/conversationNames.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import type { WrittenWordDocument } from '../../platform/word/sendWordDocument.js';
import { buildResearchDocx } from './buildResearchDocx.js';
import { buildResearchPrompt } from './buildResearchPrompt.js';
import { createTrustedSourceRepository, type TrustedSourceFields } from './createTrustedSourceRepository.js';
import { matchTrustedDomain } from './matchTrustedDomain.js';
import { InvalidSourceDomainError, normaliseSourceDomain } from './normaliseSourceDomain.js';
import type { ResearchPage } from './ResearchPage.js';
import { renumberCitations } from './renumberCitations.js';
import { RESEARCH_MESSAGES } from './researchMessages.js';
import { WebSearchError, type WebSearch } from './WebSearch.js';

export interface ResearchServiceDeps {
  db: Database;
  clock: Clock;
  /** The language model, or null: answers then list the matching pages. */
  ai: AiProvider | null;
  /** The web search service, or null: research is unavailable and says how to configure it. */
  webSearch: WebSearch | null;
}

/** Results asked of the search service: engines that ignore `site:` fill them with pages the filter drops. */
const SEARCH_CANDIDATES = RESEARCH_RESULTS_MAX * 4;
/** A thorough answer of a few paragraphs. */
const ANSWER_MAX_TOKENS = 1_200;
const UNIQUE_VIOLATION = '23505';

const NO_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No language model configured: matching pages listed',
};

/** A model is configured but was not asked, since no page of a trusted source matched. */
const NOTHING_FOUND_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No page matched: the language model was not asked',
};

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

function toResearchSource(page: ResearchPage, index: number): ResearchSource {
  return {
    number: index + 1,
    title: page.title,
    url: page.url,
    domain: page.domain,
    source_name: page.sourceName,
    snippet: page.snippet,
  };
}

/** Without a model: says so first, then each page with its summary, numbered as the sources are. */
function listPagesPlainly(pages: readonly ResearchPage[]): string {
  const listing = pages.map(
    (page, index) =>
      `[${index + 1}] ${page.title} (${page.sourceName})${page.snippet ? `\n${page.snippet}` : ''}`,
  );
  return [
    'No language model is configured, so this is not a written answer: these are the pages of your trusted sources that match the question.',
    ...listing,
  ].join('\n\n');
}

/**
 * The research assistant (RES-01, RES-02): each user's trusted sources, seeded
 * with the reputable clinical defaults on first read, and questions answered from the pages of the active ones.
 * Every call needs the 'tools' feature. Whatever the search service returns, only pages whose host is an active
 * trusted domain are kept; the model sees only those, and the answer lists only the pages it cites.
 */
export function createResearchService(deps: ResearchServiceDeps) {
  const { db, clock, ai, webSearch } = deps;
  const sources = createTrustedSourceRepository(db);

  function checkAccess(user: AuthenticatedUser): void {
    if (!hasUserFeature(user, 'tools')) throw forbidden(RESEARCH_MESSAGES.noToolsFeature);
  }

  async function seededSources(user: AuthenticatedUser): Promise<TrustedSource[]> {
    await sources.seedDefaults(user.id, clock());
    return sources.list(user.id);
  }

  function fieldsOf(input: TrustedSourceInput): TrustedSourceFields {
    const name = input.source_name.trim();
    const typedDomain = input.source_domain.trim();
    if (name === '' || typedDomain === '') throw badRequest(RESEARCH_MESSAGES.sourceRequired);
    let domain: string;
    try {
      domain = normaliseSourceDomain(typedDomain);
    } catch (error) {
      if (error instanceof InvalidSourceDomainError) throw badRequest(error.message);
      throw error;
    }
    return { name, domain, description: input.source_description?.trim() || null };
  }

  /** Runs a change to one source with its audit row; a domain the user already has is a 409. */
  async function change<T>(
    audit: RequestAudit,
    domain: string | null,
    run: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await run(tx);
        await audit.recordWithin(tx);
        return result;
      });
    } catch (error) {
      if (domain !== null && isUniqueViolation(error)) {
        throw new HttpError(409, RESEARCH_MESSAGES.duplicateDomain(domain));
      }
      throw error;
    }
  }

  function modelInfoOf(model: string): ModelInfo {
    return { mode: 'language-model', model, provider: ai!.provider, label: `${model} (${ai!.provider})` };
  }

  async function composeAnswer(
    question: string,
    pages: ResearchPage[],
    history: ResearchSearchRequest['conversation_history'],
    signal: AbortSignal,
  ): Promise<Pick<ResearchSearchResponse, 'response' | 'sources' | 'model_info'>> {
    if (!ai) {
      return {
        response: listPagesPlainly(pages),
        sources: pages.map(toResearchSource),
        model_info: NO_MODEL_INFO,
      };
    }
    let completion;
    try {
      completion = await ai.complete(buildResearchPrompt({ question, pages, history: history ?? [] }), {
        signal,
        maxTokens: ANSWER_MAX_TOKENS,
      });
    } catch (error) {
      if (signal.aborted || !(error instanceof LanguageModelError)) throw error;
      throw new HttpError(502, error.message);
    }
    const { text, cited } = renumberCitations(completion.text.trim(), pages);
    return {
      response: text,
      sources: cited.map(toResearchSource),
      model_info: modelInfoOf(completion.model),
    };
  }

  return {
    async listSources(user: AuthenticatedUser, audit: RequestAudit): Promise<TrustedSourcesResponse> {
      checkAccess(user);
      const list = await seededSources(user);
      audit.describe({ details: { sources: list.length } });
      return { sources: list };
    },

    status(user: AuthenticatedUser): ResearchStatusResponse {
      checkAccess(user);
      const message = !webSearch
        ? RESEARCH_MESSAGES.webSearchNotConfigured
        : ai
          ? RESEARCH_MESSAGES.readyWithModel
          : RESEARCH_MESSAGES.readyWithoutModel;
      return {
        available: webSearch !== null,
        message,
        services: { ai_model: ai !== null, web_search: webSearch !== null },
        model_info: ai ? modelInfoOf(ai.model) : null,
        search_provider: webSearch?.label ?? null,
      };
    },

    async search(
      user: AuthenticatedUser,
      request: ResearchSearchRequest,
      signal: AbortSignal,
      audit: RequestAudit,
    ): Promise<ResearchSearchResponse> {
      checkAccess(user);
      if (!webSearch) throw new HttpError(503, RESEARCH_MESSAGES.webSearchNotConfigured);
      const active = (await seededSources(user)).filter((source) => source.is_active);
      if (active.length === 0) throw badRequest(RESEARCH_MESSAGES.noActiveSources);
      const domains = [...new Set(active.map((source) => source.source_domain))];
      const nameOf = new Map(active.map((source) => [source.source_domain, source.source_name]));
      const question = request.question.trim();

      let results;
      try {
        results = await webSearch.search(question, { domains, limit: SEARCH_CANDIDATES, signal });
      } catch (error) {
        if (signal.aborted || !(error instanceof WebSearchError)) throw error;
        throw new HttpError(502, error.message);
      }
      const pages: ResearchPage[] = [];
      const seen = new Set<string>();
      for (const result of results) {
        const domain = matchTrustedDomain(result.url, domains);
        if (domain === null || seen.has(result.url)) continue;
        seen.add(result.url);
        pages.push({ ...result, domain, sourceName: nameOf.get(domain)! });
        if (pages.length >= RESEARCH_RESULTS_MAX) break;
      }
      audit.describe({
        details: { domains: domains.length, results: results.length, kept: pages.length, model: ai !== null },
      });

      const timestamp = clock().toISOString();
      if (pages.length === 0) {
        return {
          response: `None of your active trusted sources (${domains.join(', ')}) has a page matching the question${
            ai ? ', so the language model was not asked' : ''
          }. Try other words, or activate or add a source.`,
          timestamp,
          sources: [],
          domains,
          model_info: ai ? NOTHING_FOUND_MODEL_INFO : NO_MODEL_INFO,
        };
      }
      const answer = await composeAnswer(question, pages, request.conversation_history, signal);
      return { ...answer, timestamp, domains };
    },

    /** The answer, its sources and the conversation as a Word document, research_report_<timestamp>.docx. */
    async exportReport(
      user: AuthenticatedUser,
      request: ResearchExportRequest,
      audit: RequestAudit,
    ): Promise<WrittenWordDocument> {
      checkAccess(user);
      const history = request.conversation_history ?? [];
      if (request.question.trim() === '' && request.response.text.trim() === '' && history.length === 0) {
        throw badRequest(RESEARCH_MESSAGES.nothingToExport);
      }
      const now = clock();
      const filename = `research_report_${fileNameTimestamp(now)}.docx`;
      const content = await buildResearchDocx({
        generatedOn: `Generated on ${formatEnGbDateTime(now)}`,
        question: request.question,
        answer: request.response.text,
        sources: request.response.sources,
        history,
        formatTimestamp: (iso) => formatEnGbDateTime(new Date(iso)),
      });
      audit.describe({
        details: { filename, sources: request.response.sources.length, messages: history.length },
      });
      return { filename, content };
    },

    async create(
      user: AuthenticatedUser,
      input: TrustedSourceInput,
      audit: RequestAudit,
    ): Promise<TrustedSourceSavedResponse> {
      checkAccess(user);
      const fields = fieldsOf(input);
      await sources.seedDefaults(user.id, clock());
      const source = await change(audit, fields.domain, async (tx) => {
        const created = await sources.insert(tx, user.id, fields, clock());
        audit.describe({ details: { source_id: created.ID_Source, domain: created.source_domain } });
        return created;
      });
      return { message: RESEARCH_MESSAGES.sourceAdded, source };
    },

    async update(
      user: AuthenticatedUser,
      id: number,
      input: TrustedSourceInput,
      audit: RequestAudit,
    ): Promise<TrustedSourceSavedResponse> {
      checkAccess(user);
      const fields = fieldsOf(input);
      audit.describe({ details: { source_id: id, domain: fields.domain } });
      const source = await change(audit, fields.domain, async (tx) => {
        const updated = await sources.update(tx, user.id, id, fields);
        if (!updated) throw notFound(RESEARCH_MESSAGES.sourceNotFound);
        return updated;
      });
      return { message: RESEARCH_MESSAGES.sourceUpdated, source };
    },

    async toggle(
      user: AuthenticatedUser,
      id: number,
      isActive: boolean,
      audit: RequestAudit,
    ): Promise<TrustedSourceSavedResponse> {
      checkAccess(user);
      audit.describe({ details: { source_id: id, is_active: isActive } });
      const source = await change(audit, null, async (tx) => {
        const toggled = await sources.setActive(tx, user.id, id, isActive);
        if (!toggled) throw notFound(RESEARCH_MESSAGES.sourceNotFound);
        return toggled;
      });
      return {
        message: isActive ? RESEARCH_MESSAGES.sourceActivated : RESEARCH_MESSAGES.sourceDeactivated,
        source,
      };
    },

    async remove(user: AuthenticatedUser, id: number, audit: RequestAudit): Promise<MessageResponse> {
      checkAccess(user);
      audit.describe({ details: { source_id: id } });
      await change(audit, null, async (tx) => {
        const source = await sources.find(user.id, id, tx);
        if (!source) throw notFound(RESEARCH_MESSAGES.sourceNotFound);
        if (source.is_default) throw forbidden(RESEARCH_MESSAGES.defaultNotDeletable);
        await sources.deleteOwn(tx, user.id, id);
      });
      return { message: RESEARCH_MESSAGES.sourceDeleted };
    },
  };
}

export type ResearchService = ReturnType<typeof createResearchService>;
