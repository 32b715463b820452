import type { ChatHistoryMessage, ResearchSource } from '@ewrt/contract';
import { CHAT_HISTORY_MAX_MESSAGES } from '@ewrt/contract/limits';

/** One message of a conversation on screen: a question of the user or an answer of the model. */
export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** When it was sent or answered (ISO). */
  timestamp: string;
  /** Of an answer: the model that wrote it, as the server reported it. */
  modelLabel?: string;
  /** Of a research answer: the web pages its [n] citations point at. */
  sources?: readonly ResearchSource[];
}

let lastEntryNumber = 0;

/** A new entry with an id unique on this page (React keys, nothing more). */
export function makeChatEntry(entry: Omit<ChatEntry, 'id'>): ChatEntry {
  lastEntryNumber += 1;
  return { id: `chat-entry-${lastEntryNumber}`, ...entry };
}

/**
 * The conversation as the server takes it: the browser keeps the only copy, so each call carries it. Only the
 * latest messages the contract allows are sent; an answer names the model that wrote it for the export.
 */
export function toChatHistory(entries: readonly ChatEntry[]): ChatHistoryMessage[] {
  return entries.slice(-CHAT_HISTORY_MAX_MESSAGES).map((entry) => ({
    role: entry.role,
    content: entry.content,
    timestamp: entry.timestamp,
    ...(entry.modelLabel ? { model: entry.modelLabel } : {}),
  }));
}
