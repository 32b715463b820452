// The record questions screen's user-visible messages (QRY-04 and the success messages), verbatim.
import { MESSAGES } from '@ewrt/shared';
import type { ConversationMessages } from '../conversation/ConversationSource';

export const RECORD_QUESTION_MESSAGES = {
  loadPatientFailed: MESSAGES.loadPatientFailed,
  dateOfEventUpdated: 'Date of event updated successfully',
  dateOfEventFailed: 'Failed to update date of event',
} as const;

export const PATIENT_CONVERSATION_MESSAGES: ConversationMessages = {
  loadFailed: 'Failed to load conversation history',
  askFailed: 'Failed to process query',
  clearFailed: 'Failed to clear conversation',
  exportFailed: 'Failed to export conversation',
  saveFailed: 'Failed to save conversation to vector store',
  cleared: 'Conversation cleared successfully',
  exported: 'Conversation exported successfully',
  emptyHint:
    "No questions yet. Ask about this patient's records: every answer cites the file and page it comes from.",
  saveExplanation:
    "The conversation is saved as a dated document of this patient's records and indexed, so later questions can find it.",
};
