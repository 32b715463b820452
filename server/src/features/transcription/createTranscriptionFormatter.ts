import type { ConsultationType, SummarizeRequest } from '@ewrt/contract';
import { forbidden, HttpError } from '../../http/HttpError.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import { languageModelInfo } from '../../platform/ai/languageModelInfo.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import { buildFormattingPrompt } from './buildFormattingPrompt.js';
import { parseProcessedResult, type ProcessedResultOf } from './parseProcessedResult.js';
import { TRANSCRIPTION_MESSAGES } from './transcriptionMessages.js';

/** Room for a formatted hour of dictation (~6,000 tokens); a medicolegal answer repeats the whole transcript. */
export const FORMATTING_MAX_TOKENS = 8_000;
/** Low, so the sections keep to what was said. */
const FORMATTING_TEMPERATURE = 0.2;

export interface TranscriptionFormatterDeps {
  /** The configured language model; without one formatting answers 503. */
  ai: AiProvider | null;
  /** How long one answer may take (the AI time-out); past it the call answers 502. */
  answerTimeoutMs: number;
}

/**
 * The summarize calls (TRN-05): the transcript formatted by the language model as one of the three clinical
 * shapes. Needs the 'transcription' feature; the body names no patient (its names only label the prompt), so no
 * patient is read. Audit rows record sizes and the model, never the transcript.
 */
export function createTranscriptionFormatter(deps: TranscriptionFormatterDeps) {
  const { ai } = deps;

  async function complete(
    model: AiProvider,
    kind: ConsultationType,
    request: SummarizeRequest,
    signal: AbortSignal,
  ) {
    const timeout = AbortSignal.timeout(deps.answerTimeoutMs);
    try {
      return await model.complete(buildFormattingPrompt(kind, request), {
        signal: AbortSignal.any([signal, timeout]),
        maxTokens: FORMATTING_MAX_TOKENS,
        temperature: FORMATTING_TEMPERATURE,
      });
    } catch (error) {
      if (signal.aborted) throw new HttpError(499, 'The request was cancelled');
      // Only the model's own failures are explained to the user; anything else is the server's (a generic 500).
      if (timeout.aborted) {
        throw new HttpError(
          502,
          TRANSCRIPTION_MESSAGES.modelTimedOut(model.provider, Math.round(deps.answerTimeoutMs / 1000)),
        );
      }
      if (error instanceof LanguageModelError) throw new HttpError(502, error.message);
      throw error;
    }
  }

  return {
    async summarize<K extends ConsultationType>(
      user: AuthenticatedUser,
      kind: K,
      request: SummarizeRequest,
      signal: AbortSignal,
      audit: RequestAudit,
    ): Promise<{
      success: true;
      consultation_type: K;
      result: ProcessedResultOf[K];
      model_info: ReturnType<typeof languageModelInfo>;
    }> {
      if (!hasUserFeature(user, 'transcription'))
        throw forbidden(TRANSCRIPTION_MESSAGES.noTranscriptionFeature);
      audit.describe({ details: { consultation_type: kind, text_length: request.text.length } });
      if (!ai) throw new HttpError(503, TRANSCRIPTION_MESSAGES.formattingNotConfigured);
      const completion = await complete(ai, kind, request, signal);
      let result: ProcessedResultOf[K];
      try {
        result = parseProcessedResult(kind, completion.text);
      } catch (error) {
        if (error instanceof LanguageModelError)
          throw new HttpError(502, TRANSCRIPTION_MESSAGES.modelAnswerUnreadable(ai.provider));
        throw error;
      }
      audit.describe({ details: { model: completion.model, provider: ai.provider } });
      return {
        success: true,
        consultation_type: kind,
        result,
        model_info: languageModelInfo(completion.model, ai.provider),
      };
    },
  };
}

export type TranscriptionFormatter = ReturnType<typeof createTranscriptionFormatter>;
