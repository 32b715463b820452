import { CHAT_CONTEXT_MAX_WORDS, type ValidateContextResponse } from '@ewrt/contract';
import { CHAT_MESSAGES } from './chatMessages.js';
import { countWords } from './countWords.js';

/** Whether pasted context is short enough to send: at most 20,000 words, counted by whitespace. */
export function checkChatContext(context: string): ValidateContextResponse {
  const wordCount = countWords(context);
  const valid = wordCount <= CHAT_CONTEXT_MAX_WORDS;
  return {
    valid,
    character_count: context.length,
    word_count: wordCount,
    message: valid ? CHAT_MESSAGES.contextWithinLimit : CHAT_MESSAGES.contextTooLong,
  };
}
