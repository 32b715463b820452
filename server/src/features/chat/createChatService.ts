import type {
  ChatExportRequest,
  ChatSendRequest,
  ChatSendResponse,
  ChatStatusResponse,
  ValidateContextResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import { badRequest, forbidden, HttpError } from '../../http/HttpError.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import { languageModelInfo } from '../../platform/ai/languageModelInfo.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { fileNameTimestamp, formatEnGbDateTime } from '../conversations/conversationNames.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import type { WrittenWordDocument } from '../../platform/word/sendWordDocument.js';
import { buildChatDocx } from './buildChatDocx.js';
import { buildChatPrompt, recentHistory } from './buildChatPrompt.js';
import { CHAT_MESSAGES } from './chatMessages.js';
import { checkChatContext } from './checkChatContext.js';

/** Longest answer asked of the model (~1,500 tokens: a thorough answer of several paragraphs). */
export const CHAT_ANSWER_MAX_TOKENS = 1_500;

export interface ChatServiceDeps {
  clock: Clock;
  /** The configured language model; without one the chat says so and answers nothing. */
  ai: AiProvider | null;
  /** How long one answer may take (the AI time-out); past it sending answers 502. */
  answerTimeoutMs: number;
}

/**
 * The secure chatbot (CHAT-03): the user's message, their pasted context and the history the
 * browser holds go to the language model, and nothing else. It reads no patient data and stores nothing of the
 * conversation; its audit rows record sizes and the model, never the text.
 */
export function createChatService(deps: ChatServiceDeps) {
  const { clock, ai } = deps;

  function requireTools(user: AuthenticatedUser): void {
    if (!hasUserFeature(user, 'tools')) throw forbidden(CHAT_MESSAGES.noToolsFeature);
  }

  async function complete(model: AiProvider, request: ChatSendRequest, signal: AbortSignal) {
    const timeout = AbortSignal.timeout(deps.answerTimeoutMs);
    try {
      return await model.complete(buildChatPrompt(request), {
        signal: AbortSignal.any([signal, timeout]),
        maxTokens: CHAT_ANSWER_MAX_TOKENS,
      });
    } catch (error) {
      if (signal.aborted) throw new HttpError(499, CHAT_MESSAGES.clientGone);
      // Only the model's own failures are explained to the user; anything else is the server's (a generic 500).
      if (timeout.aborted) {
        throw new HttpError(
          502,
          `The language model at ${model.provider} gave no answer within ${Math.round(deps.answerTimeoutMs / 1000)} s`,
        );
      }
      if (error instanceof LanguageModelError) throw new HttpError(502, error.message);
      throw error;
    }
  }

  return {
    status(user: AuthenticatedUser): ChatStatusResponse {
      requireTools(user);
      if (!ai) {
        return { available: false, message: CHAT_MESSAGES.noModel, max_tokens: null, model_info: null };
      }
      return {
        available: true,
        message: CHAT_MESSAGES.ready,
        max_tokens: CHAT_ANSWER_MAX_TOKENS,
        model_info: languageModelInfo(ai.model, ai.provider),
      };
    },

    validateContext(user: AuthenticatedUser, context: string, audit: RequestAudit): ValidateContextResponse {
      requireTools(user);
      const check = checkChatContext(context);
      audit.describe({ details: { context_words: check.word_count, valid: check.valid } });
      return check;
    },

    /** One answer from the model; 400 when the context is too long, 503 without a model, 502 when it fails. */
    async send(
      user: AuthenticatedUser,
      request: ChatSendRequest,
      signal: AbortSignal,
      audit: RequestAudit,
    ): Promise<ChatSendResponse> {
      requireTools(user);
      const history = request.history ?? [];
      const context = checkChatContext(request.context ?? '');
      audit.describe({
        details: {
          message_length: request.message.length,
          context_words: context.word_count,
          history_messages: history.length,
        },
      });
      if (!context.valid) throw badRequest(CHAT_MESSAGES.contextTooLong);
      if (!ai) throw new HttpError(503, CHAT_MESSAGES.noModel);
      const completion = await complete(ai, request, signal);
      const modelInfo = languageModelInfo(completion.model, ai.provider);
      audit.describe({
        details: {
          history_sent: recentHistory(history).length,
          model: completion.model,
          provider: ai.provider,
        },
      });
      return { response: completion.text.trim(), timestamp: clock().toISOString(), model_info: modelInfo };
    },

    /** The chat the browser holds, as a Word document named chat_history_<timestamp>.docx. */
    async export(
      user: AuthenticatedUser,
      request: ChatExportRequest,
      audit: RequestAudit,
    ): Promise<WrittenWordDocument> {
      requireTools(user);
      const messages = request.history.filter((message) => message.content.trim() !== '');
      if (messages.length === 0) throw badRequest(CHAT_MESSAGES.nothingToExport);
      const now = clock();
      const filename = `chat_history_${fileNameTimestamp(now)}.docx`;
      const content = await buildChatDocx({
        exportedOn: `Exported on ${formatEnGbDateTime(now)}`,
        context: request.context,
        messages,
        formatTimestamp: (iso) => formatEnGbDateTime(new Date(iso)),
      });
      audit.describe({
        details: {
          filename,
          messages: messages.length,
          context_words: checkChatContext(request.context ?? '').word_count,
        },
      });
      return { filename, content };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
