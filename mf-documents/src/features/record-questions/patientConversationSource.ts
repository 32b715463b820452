import {
  askAboutPatientRecords,
  clearPatientConversation,
  exportPatientConversation,
  getPatientConversation,
  savePatientConversationToVectors,
} from '../api/conversationApi';
import { patientPageSource } from '@ewrt/shared/kit';
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
    ...patientPageSource(patientId),
    messages: PATIENT_CONVERSATION_MESSAGES,
  };
}
