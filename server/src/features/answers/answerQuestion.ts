import { completeNamingProvider } from '../../platform/ai/completeNamingProvider.js';
import type { ModelInfo, QueryResponse } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import type { AiProvider } from '../../platform/ai/AiProvider.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import { buildAnswerPrompt } from './buildAnswerPrompt.js';
import { checkAnswerSentences } from './checkAnswerSentences.js';
import { composeRetrievalOnlyAnswer } from './composeRetrievalOnlyAnswer.js';
import { absentTermsStatement, findAbsentTerms } from './findAbsentTerms.js';
import type { RetrievalScope } from './RetrievalScope.js';
import { searchPassages } from './searchPassages.js';
import { summariseLocations } from './summariseLocations.js';
import { toSourceLocations } from './toSourceLocations.js';

/** An answer as the query calls return it, before it is stored in the conversation (and cached). */
export type ComposedAnswer = Pick<
  QueryResponse,
  'response' | 'model_info' | 'context_documents' | 'source_locations' | 'location_summary' | 'sentences'
>;

export interface AnswerDeps {
  db: Queryable;
  /** The language model, or null when none is configured: the answer then comes from retrieval alone. */
  ai: AiProvider | null;
  embeddings: EmbeddingProvider | null;
}

export interface AnswerOptions {
  /** Passages to retrieve and give the model as numbered sources. */
  k: number;
  signal: AbortSignal;
  /** Earlier exchanges of the conversation, oldest first. */
  history?: { question: string; answer: string }[];
  /** The patient's Date of Event (ISO date), which anchors timelines. */
  dateOfEvent?: string | null;
  /** What the sources are, in prose; by default "the patient's records" or "your opinion documents". */
  subjectLabel?: string;
}

/** Longest answer asked of the model (~1,200 tokens: a thorough answer of a few paragraphs). */
const ANSWER_MAX_TOKENS = 1_200;

export const RETRIEVAL_ONLY_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No language model configured: answer from retrieval only',
};

/** A model is configured but was not asked, since no passage matched: the answer must not name it. */
const NOTHING_MATCHED_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No passage matched: the language model was not asked',
};

function defaultSubject(scope: RetrievalScope): string {
  return scope.kind === 'patient' ? "the patient's records" : 'your opinion documents';
}

/**
 * Answers a question from the scope's documents. The best `k` passages become numbered sources; a language model,
 * when configured, writes the answer citing them, and each of its sentences is checked against the passages it
 * cites. Without a model the passages themselves are the answer, labelled as such. A failing model is an error
 * naming it, never a silent fallback: the caller reports it.
 */
export async function answerQuestion(
  deps: AnswerDeps,
  scope: RetrievalScope,
  question: string,
  options: AnswerOptions,
): Promise<ComposedAnswer> {
  const { signal } = options;
  const subjectLabel = options.subjectLabel ?? defaultSubject(scope);
  const passages = await searchPassages(deps.db, scope, question, options.k, {
    embeddings: deps.embeddings,
    signal,
  });
  const found = {
    context_documents: new Set(passages.map((passage) => passage.documentId)).size,
    source_locations: toSourceLocations(passages, question),
    location_summary: summariseLocations(passages),
  };
  // Said first, so that the nearest passages below are not taken for an answer.
  const absentTerms = await findAbsentTerms(deps.db, scope, question);
  const absent = absentTermsStatement(absentTerms, subjectLabel);
  const opening = absent ? [{ text: absent, sources: [], supported: true }] : [];
  const withOpening = (answer: { response: string; sentences: ComposedAnswer['sentences'] }) =>
    absent
      ? { response: `${absent}\n\n${answer.response}`, sentences: [...opening, ...answer.sentences] }
      : answer;
  if (!deps.ai) {
    return {
      ...withOpening(composeRetrievalOnlyAnswer(passages, question, subjectLabel)),
      model_info: RETRIEVAL_ONLY_MODEL_INFO,
      ...found,
    };
  }
  if (passages.length === 0) {
    const text = `Nothing in ${subjectLabel} matched the question, so the language model was not asked.`;
    return {
      ...withOpening({ response: text, sentences: [{ text, sources: [], supported: true }] }),
      model_info: NOTHING_MATCHED_MODEL_INFO,
      ...found,
    };
  }
  const messages = buildAnswerPrompt({
    question,
    passages,
    subjectLabel,
    dateOfEvent: options.dateOfEvent ?? null,
    history: options.history ?? [],
    absentTerms,
  });
  const completion = await completeNamingProvider(deps.ai, messages, {
    signal,
    maxTokens: ANSWER_MAX_TOKENS,
  });
  const written = completion.text.trim();
  const { response, sentences } = withOpening({
    response: written,
    sentences: checkAnswerSentences(
      written,
      passages.map((passage) => passage.text),
    ),
  });
  return {
    response,
    sentences,
    model_info: {
      mode: 'language-model',
      model: completion.model,
      provider: deps.ai.provider,
      label: `${completion.model} (${deps.ai.provider})`,
    },
    ...found,
  };
}
