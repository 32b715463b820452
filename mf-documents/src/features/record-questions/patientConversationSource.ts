import {
  askAboutPatientRecords,
  clearPatientConversation,
  exportPatientConversation,
  getPatientConversation,
  getPatientDocumentPage,
  getPatientPageImage,
  savePatientConversationToVectors,
} from '../api/conversationApi';
import { getDocumentDownload } from '../api/documentsApi';
import { openBundleAtPage } from '../bundle/openBundleAtPage';
import type { ConversationSource } from '../conversation/ConversationSource';
import { PATIENT_CONVERSATION_MESSAGES } from './recordQuestionMessages';

/** The conversation about one patient's records, kept per user and patient by the server. */
export function patientConversationSource(patientId: number): ConversationSource {
  return {
    loadConversation: () => getPatientConversation(patientId),
    ask: (question) => askAboutPatientRecords(patientId, question),
    clear: () => clearPatientConversation(patientId),
    exportConversation: () => exportPatientConversation(patientId),
    saveToVectors: (includeQueries) => savePatientConversationToVectors(patientId, includeQueries),
    getPage: (s3Key, page) => getPatientDocumentPage(patientId, s3Key, page),
    getPageImage: (s3Key, page, request) => getPatientPageImage(patientId, s3Key, page, request),
    openBundlePage: (bundlePage) => openBundleAtPage(patientId, bundlePage),
    getDownloadLink: (s3Key) => getDocumentDownload(patientId, s3Key),
    messages: PATIENT_CONVERSATION_MESSAGES,
  };
}
