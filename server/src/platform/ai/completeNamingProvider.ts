import {
  LanguageModelError,
  type AiProvider,
  type ChatCompletion,
  type ChatMessage,
  type ChatOptions,
} from './AiProvider.js';

/**
 * Asks the model, and turns any failure other than the caller's own abort into a LanguageModelError that names the
 * endpoint, so the user reads which model failed and why.
 */
export async function completeNamingProvider(
  ai: AiProvider,
  messages: readonly ChatMessage[],
  options: ChatOptions,
): Promise<ChatCompletion> {
  try {
    return await ai.complete(messages, options);
  } catch (error) {
    if (options.signal.aborted) throw error;
    const reason = (error as Error).message;
    throw new LanguageModelError(
      reason.includes(ai.provider) ? reason : `The language model at ${ai.provider} failed: ${reason}`,
      { cause: error },
    );
  }
}
