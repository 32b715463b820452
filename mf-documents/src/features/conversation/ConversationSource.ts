import type {
  ClearConversationResponse,
  ConversationEntry,
  DocumentPageResponse,
  PageImageResponse,
  DownloadLinkResponse,
  QueryResponse,
  SaveConversationResponse,
} from '@ewrt/contract';
import type { ExportedFile } from '@ewrt/shared/kit';
import type { PageImageRequest } from '../api/conversationApi';

/** The messages of one scope (part 2 §8 "Query chat" or "Opinions"), shown when the server gives none. */
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
export interface ConversationSource {
  loadConversation: () => Promise<ConversationEntry[]>;
  ask: (question: string) => Promise<QueryResponse>;
  clear: () => Promise<ClearConversationResponse>;
  exportConversation: () => Promise<ExportedFile>;
  saveToVectors: (includeQueries: boolean) => Promise<SaveConversationResponse>;
  /** The cited page's indexed text (the citation view). */
  getPage: (s3Key: string, page: number) => Promise<DocumentPageResponse>;
  /** The cited page as it looks: a link to its image, its words and the passage's rectangles (the page view). */
  getPageImage: (s3Key: string, page: number, request: PageImageRequest) => Promise<PageImageResponse>;
  /** Opens the patient's latest bundle at a page (absent for opinion documents, which are in no bundle). */
  openBundlePage?: (bundlePage: number) => Promise<void>;
  /** A signed link to the cited document's original file. */
  getDownloadLink: (s3Key: string) => Promise<DownloadLinkResponse>;
  messages: ConversationMessages;
}
