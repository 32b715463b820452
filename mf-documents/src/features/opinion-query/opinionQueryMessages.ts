// The opinion query screen's user-visible messages (OPN-03 and the success messages), verbatim.
import type { ConversationMessages } from '../conversation/ConversationSource';

export const OPINION_CONVERSATION_MESSAGES: ConversationMessages = {
  loadFailed: 'Failed to load opinion conversation history',
  askFailed: 'Failed to process opinion query',
  clearFailed: 'Failed to clear opinion conversation',
  exportFailed: 'Failed to export opinion conversation',
  saveFailed: 'Failed to save opinion conversation',
  cleared: 'Conversation cleared successfully',
  exported: 'Conversation exported successfully',
  emptyHint:
    'No questions yet. Ask about your opinion documents: every answer cites the file and page it comes from.',
  saveExplanation:
    'The conversation is saved as a dated document among your opinion documents and indexed, so later questions can find it.',
};
