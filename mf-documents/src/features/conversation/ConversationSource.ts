import type {
  ClearConversationResponse,
  ConversationEntry,
  QueryResponse,
  SaveConversationResponse,
} from '@ewrt/contract';
import type { ExportedFile, PageSource } from '@ewrt/shared/kit';

/** The messages of one scope (QRY-04, OPN-03), shown when the server gives none. */
export interface ConversationMessages {
  loadFailed: string;
  askFailed: string;
  clearFailed: string;
  exportFailed: string;
  saveFailed: string;
  cleared: string;
  exported: string;
  /** What the empty conversation panel suggests asking about. */
  emptyHint: string;
  /** What the save modal says the conversation becomes. */
  saveExplanation: string;
}

/**
 * What a conversation is about, as the shared conversation UI needs it: a patient's records or the user's own
 * opinion documents. Each page builds one (memoised: a new source reloads the conversation).
 */
export interface ConversationSource extends PageSource {
  loadConversation: () => Promise<ConversationEntry[]>;
  ask: (question: string) => Promise<QueryResponse>;
  clear: () => Promise<ClearConversationResponse>;
  exportConversation: () => Promise<ExportedFile>;
  saveToVectors: (includeQueries: boolean) => Promise<SaveConversationResponse>;
  messages: ConversationMessages;
}
