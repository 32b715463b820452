/** One message of a chat completion. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletion {
  text: string;
  /** The model that answered, as the endpoint reported it (falls back to the configured name). */
  model: string;
}

export interface ChatOptions {
  signal: AbortSignal;
  maxTokens?: number;
  temperature?: number;
}

/**
 * A language model behind any OpenAI-compatible endpoint (AI_BASE_URL + AI_MODEL). The server has one only when it
 * is configured; otherwise null, and each feature says plainly that no language model is configured.
 */
export interface AiProvider {
  /** The configured model name. */
  readonly model: string;
  /** The endpoint's host, shown with the model (never its key). */
  readonly provider: string;
  complete(messages: readonly ChatMessage[], options: ChatOptions): Promise<ChatCompletion>;
}

/** The language model could not answer (unreachable, refused, timed out, empty): the caller's 502, with the reason. */
export class LanguageModelError extends Error {
  override name = 'LanguageModelError';
}
