import { LanguageModelError, type AiProvider } from './AiProvider.js';

export interface OpenAiChatSettings {
  /** The endpoint's base, e.g. `http://localhost:11434/v1` (its `/chat/completions` is called). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

interface ChatCompletionAnswer {
  model?: unknown;
  choices?: { message?: { content?: unknown } }[];
  error?: { message?: string } | string;
}

const DEFAULT_TEMPERATURE = 0.1;
const DEFAULT_MAX_TOKENS = 1200;

function describeTimeout(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function reasonOf(answer: ChatCompletionAnswer, fallback: string): string {
  if (typeof answer.error === 'string') return answer.error;
  return answer.error?.message ?? fallback;
}

/**
 * A language model behind any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, LM Studio): one
 * non-streaming POST `/chat/completions`. A failure says which endpoint and why; the key is never part of it.
 */
export function createOpenAiChatProvider(settings: OpenAiChatSettings): AiProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const provider = new URL(settings.baseUrl).host;
  return {
    model: settings.model,
    provider,
    async complete(messages, options) {
      const { signal } = options;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: settings.model,
            messages,
            temperature: options.temperature ?? DEFAULT_TEMPERATURE,
            max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
            stream: false,
          }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        const reason =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${describeTimeout(settings.timeoutMs)}`
            : (error as Error).message;
        throw new LanguageModelError(`The language model at ${url} could not be reached: ${reason}`, {
          cause: error,
        });
      }
      const answer = (await response.json().catch(() => ({}))) as ChatCompletionAnswer;
      if (!response.ok) {
        throw new LanguageModelError(
          `The language model at ${url} answered ${response.status}: ${reasonOf(answer, response.statusText)}`,
        );
      }
      const content = answer.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') {
        throw new LanguageModelError(`The language model at ${url} answered without any text`);
      }
      const reportedModel = typeof answer.model === 'string' && answer.model.trim() ? answer.model : null;
      return { text: content, model: reportedModel ?? settings.model };
    },
  };
}
