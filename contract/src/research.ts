import { Type, type Static } from '@sinclair/typebox';
import { ChatMessageSchema } from './chat.js';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, Nullable, OptionalText, RequiredText, StoredText } from './fieldSchemas.js';
import {
  CHAT_HISTORY_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_LENGTH,
  MAX_ID,
  TRUSTED_SOURCE_DESCRIPTION_MAX_LENGTH,
  TRUSTED_SOURCE_DOMAIN_MAX_LENGTH,
  TRUSTED_SOURCE_NAME_MAX_LENGTH,
} from './limits.js';
import { MessageResponseSchema } from './prompts.js';
import { ModelInfoSchema } from './recordQuestions.js';

/**
 * The research assistant (RES-01, RES-03): medical questions answered from web pages of
 * the user's active trusted sources only. The server checks every result's host against those domains, whatever
 * the search service returns. Each user has their own list, which starts with the default reputable clinical
 * sources (never deletable). Needs the user feature 'tools'.
 */

export const TrustedSourceSchema = Type.Object({
  ID_Source: Type.Integer(),
  source_name: Type.String(),
  source_domain: Type.String(),
  source_description: Nullable(Type.String()),
  is_active: Type.Boolean(),
  is_default: Type.Boolean(),
});
export type TrustedSource = Static<typeof TrustedSourceSchema>;
export const TrustedSourcesResponseSchema = Type.Object({ sources: Type.Array(TrustedSourceSchema) });
export type TrustedSourcesResponse = Static<typeof TrustedSourcesResponseSchema>;

/** A domain without protocol or path, e.g. nice.org.uk; subdomains of it count as it. */
export const TrustedSourceInputSchema = Type.Object(
  {
    source_name: RequiredText(TRUSTED_SOURCE_NAME_MAX_LENGTH, {
      title: 'Source name',
      errorMessage: {
        required: 'Source name and domain are required',
        pattern: 'Source name and domain are required',
      },
    }),
    source_domain: RequiredText(TRUSTED_SOURCE_DOMAIN_MAX_LENGTH, {
      title: 'Domain',
      errorMessage: {
        required: 'Source name and domain are required',
        pattern: 'Source name and domain are required',
      },
    }),
    source_description: OptionalText(TRUSTED_SOURCE_DESCRIPTION_MAX_LENGTH),
  },
  { errorMessage: { required: 'Source name and domain are required' } },
);
export type TrustedSourceInput = Static<typeof TrustedSourceInputSchema>;
export const TrustedSourceSavedResponseSchema = Type.Object({
  message: Type.String(),
  source: TrustedSourceSchema,
});
export type TrustedSourceSavedResponse = Static<typeof TrustedSourceSavedResponseSchema>;

export const ToggleTrustedSourceRequestSchema = Type.Object({ is_active: Type.Boolean() });
export type ToggleTrustedSourceRequest = Static<typeof ToggleTrustedSourceRequestSchema>;

export const ResearchStatusResponseSchema = Type.Object({
  available: Type.Boolean(),
  message: Type.String(),
  services: Type.Object({ ai_model: Type.Boolean(), web_search: Type.Boolean() }),
  model_info: Nullable(ModelInfoSchema),
  /** What searches the web, e.g. "SearXNG (search.example.org)"; null when nothing is configured. */
  search_provider: Nullable(Type.String()),
});
export type ResearchStatusResponse = Static<typeof ResearchStatusResponseSchema>;

/** A web page an answer used: `[number]` in the answer is this page. */
export const ResearchSourceSchema = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  url: Type.String(),
  domain: Type.String(),
  source_name: Type.String(),
  snippet: Type.String(),
});
export type ResearchSource = Static<typeof ResearchSourceSchema>;

const History = Type.Array(ChatMessageSchema, { maxItems: CHAT_HISTORY_MAX_MESSAGES });

export const ResearchSearchRequestSchema = Type.Object({
  question: RequiredText(CHAT_MESSAGE_MAX_LENGTH, { title: 'Question' }),
  conversation_history: Type.Optional(History),
});
export type ResearchSearchRequest = Static<typeof ResearchSearchRequestSchema>;
export const ResearchSearchResponseSchema = Type.Object({
  response: Type.String(),
  timestamp: IsoDateTime(),
  sources: Type.Array(ResearchSourceSchema),
  /** The domains searched (the active trusted sources). */
  domains: Type.Array(Type.String()),
  model_info: ModelInfoSchema,
});
export type ResearchSearchResponse = Static<typeof ResearchSearchResponseSchema>;

export const ResearchExportRequestSchema = Type.Object({
  question: StoredText(CHAT_MESSAGE_MAX_LENGTH),
  response: Type.Object({
    text: StoredText(CHAT_MESSAGE_MAX_LENGTH * 5),
    sources: Type.Array(ResearchSourceSchema, { maxItems: 100 }),
  }),
  conversation_history: Type.Optional(History),
});
export type ResearchExportRequest = Static<typeof ResearchExportRequestSchema>;

const SourceIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid source id' }),
});

export const researchCalls = {
  listTrustedSources: defineCall({
    method: 'GET',
    url: '/api/research/trusted-sources',
    schema: { response: { 200: TrustedSourcesResponseSchema, ...ERROR_RESPONSES } },
  }),
  getResearchStatus: defineCall({
    method: 'GET',
    url: '/api/research/status',
    schema: { response: { 200: ResearchStatusResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** 400 without an active source; 503 when web search is not configured; 502 when a service fails. */
  searchResearch: defineCall({
    method: 'POST',
    url: '/api/research/search',
    schema: {
      body: ResearchSearchRequestSchema,
      response: { 200: ResearchSearchResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** The answer and the pages it cites as a Word document (research_report_{timestamp}.docx); errors answer JSON. */
  exportResearch: defineCall({
    method: 'POST',
    url: '/api/research/export',
    schema: { body: ResearchExportRequestSchema, response: { ...ERROR_RESPONSES } },
  }),
  toggleTrustedSource: defineCall({
    method: 'POST',
    url: '/api/research/trusted-sources/:id/toggle',
    schema: {
      params: SourceIdParams,
      body: ToggleTrustedSourceRequestSchema,
      response: { 200: TrustedSourceSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** A domain the user already has answers 409. */
  createTrustedSource: defineCall({
    method: 'POST',
    url: '/api/research/trusted-sources',
    schema: {
      body: TrustedSourceInputSchema,
      response: { 201: TrustedSourceSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  updateTrustedSource: defineCall({
    method: 'PUT',
    url: '/api/research/trusted-sources/:id',
    schema: {
      params: SourceIdParams,
      body: TrustedSourceInputSchema,
      response: { 200: TrustedSourceSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /** A default source answers 403. */
  deleteTrustedSource: defineCall({
    method: 'DELETE',
    url: '/api/research/trusted-sources/:id',
    schema: { params: SourceIdParams, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
  }),
} as const;
