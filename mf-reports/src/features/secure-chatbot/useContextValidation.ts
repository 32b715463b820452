import { useEffect, useState } from 'react';
import { CHAT_CONTEXT_MAX_WORDS } from '@ewrt/contract/limits';
import { validateChatContext } from '../api/chatApi';
import { countWords } from '../chat-ui/countWords';
import { CHATBOT_MESSAGES } from './chatbotMessages';

/** How long typing pauses before the server checks the context: one check per pause, not per key. */
export const CONTEXT_CHECK_DELAY_MS = 400;

export interface ContextValidation {
  /** Words counted here, at once. */
  words: number;
  /** Why the context cannot be sent (too long by the local count or the server's); null when it can. */
  problem: string | null;
}

interface ServerVerdict {
  context: string;
  valid: boolean;
  message: string;
}

/**
 * The context's length checked twice: counted locally on every change, and by the server once typing pauses (the
 * previous check cancelled). A failed check leaves the local count to decide; sending is checked again anyway.
 */
export function useContextValidation(context: string): ContextValidation {
  const [verdict, setVerdict] = useState<ServerVerdict | null>(null);

  useEffect(() => {
    if (context.trim() === '') return undefined;
    const request = new AbortController();
    const timer = setTimeout(() => {
      validateChatContext(context, request.signal).then(
        (answer) => setVerdict({ context, valid: answer.valid, message: answer.message }),
        () => undefined,
      );
    }, CONTEXT_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [context]);

  const words = countWords(context);
  // A verdict on an earlier text says nothing about this one.
  const serverRefuses = verdict !== null && verdict.context === context && !verdict.valid;
  let problem: string | null = null;
  if (words > CHAT_CONTEXT_MAX_WORDS) problem = CHATBOT_MESSAGES.contextTooLong;
  else if (serverRefuses) problem = verdict.message.trim() || CHATBOT_MESSAGES.contextTooLong;
  return { words, problem };
}
