import { completeNamingProvider } from '../../platform/ai/completeNamingProvider.js';
import { DRAFT_PASSAGES_PER_PROMPT, type ReportSection } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import type { AiProvider } from '../../platform/ai/AiProvider.js';
import { checkAnswerSentences } from '../answers/checkAnswerSentences.js';
import { searchPassages } from '../answers/searchPassages.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import { buildDraftSectionPrompt, draftQueryOf } from './buildDraftSectionPrompt.js';
import { composeEvidenceDigest } from './composeEvidenceDigest.js';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages.js';
import type { DraftPromptSnapshot } from './draftReportJobInput.js';
import { draftSourcesOf } from './draftSourcesOf.js';

export interface DraftSectionDeps {
  db: Queryable;
  /** The configured language model, or null: the section is then an evidence digest. */
  ai: AiProvider | null;
  embeddings: EmbeddingProvider | null;
}

export interface DraftSectionRequest {
  patientId: number;
  prompt: DraftPromptSnapshot;
  /** The expert's style document text (null when they have none). */
  styleExample: string | null;
  dateOfEvent: string | null;
  /** The Word template the report is written into, or null. */
  templateId: number | null;
  signal: AbortSignal;
}

/** Longest section asked of the model (~1,500 tokens: a long section of a report). */
const SECTION_MAX_TOKENS = 1_500;
/** A gap the model marked for the expert states no fact, so it is not an unsupported sentence. */
const EXPERT_TO_CONFIRM = /\[Expert to confirm\b/i;

/**
 * One section of a draft report: the passages of the patient's records that best match the prompt, then either the
 * language model's draft citing them (each sentence checked against the passages it cites) or, without a model, the
 * evidence digest of those passages. A failing model fails the section, naming the model's reason: a report must
 * never pass a digest off as a draft.
 */
export async function draftReportSection(
  deps: DraftSectionDeps,
  request: DraftSectionRequest,
): Promise<ReportSection> {
  const { prompt, signal } = request;
  const query = draftQueryOf(prompt);
  const passages = await searchPassages(
    deps.db,
    { kind: 'patient', patientId: request.patientId },
    query,
    DRAFT_PASSAGES_PER_PROMPT,
    { embeddings: deps.embeddings, signal },
  );
  const common = {
    title: prompt.title,
    template_applied: request.templateId !== null,
    template_id: request.templateId,
    prompt_id: prompt.id,
    sources: draftSourcesOf(passages),
  };
  const digest = (response: string): ReportSection => ({
    ...common,
    response,
    bedrock_comprehensive: false,
    bedrock_model_used: null,
    origin: 'evidence-digest',
    unsupported_sentences: [],
  });
  if (!deps.ai) return digest(composeEvidenceDigest(passages, query));
  if (passages.length === 0) {
    return digest(`${DRAFT_REPORT_MESSAGES.nothingMatched} ${DRAFT_REPORT_MESSAGES.modelNotAsked}`);
  }
  const messages = buildDraftSectionPrompt({
    title: prompt.title,
    text: prompt.text,
    passages,
    styleExample: request.styleExample,
    dateOfEvent: request.dateOfEvent,
  });
  const completion = await completeNamingProvider(deps.ai, messages, {
    signal,
    maxTokens: SECTION_MAX_TOKENS,
  });
  const response = completion.text.trim();
  const sentences = checkAnswerSentences(
    response,
    passages.map((passage) => passage.text),
  );
  return {
    ...common,
    response,
    bedrock_comprehensive: true,
    bedrock_model_used: completion.model,
    origin: 'language-model',
    unsupported_sentences: sentences
      .filter((sentence) => !sentence.supported && !EXPERT_TO_CONFIRM.test(sentence.text))
      .map((sentence) => sentence.text),
  };
}
