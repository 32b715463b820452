import {
  askAboutOpinions,
  clearOpinionConversation,
  exportOpinionConversation,
  getOpinionConversation,
  getOpinionDocumentPage,
  getOpinionPageImage,
  saveOpinionConversationToVectors,
} from '../api/conversationApi';
import { getOpinionDocumentDownload } from '../api/opinionsApi';
import type { ConversationSource } from '../conversation/ConversationSource';
import { OPINION_CONVERSATION_MESSAGES } from './opinionQueryMessages';

/** The signed-in user's conversation about their own opinion documents (nobody else's corpus is reachable). */
export const opinionConversationSource: ConversationSource = {
  loadConversation: getOpinionConversation,
  ask: askAboutOpinions,
  clear: clearOpinionConversation,
  exportConversation: exportOpinionConversation,
  saveToVectors: saveOpinionConversationToVectors,
  getPage: getOpinionDocumentPage,
  getPageImage: getOpinionPageImage,
  getDownloadLink: getOpinionDocumentDownload,
  messages: OPINION_CONVERSATION_MESSAGES,
};
