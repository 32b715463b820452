import { CHAT_CONTEXT_MAX_WORDS } from '@ewrt/contract/limits';
import { formatCount } from '../chat-ui/countWords';

/** The secure chatbot's words to the user (CHAT-02, CHAT-04). */
export const CHATBOT_MESSAGES = {
  contextTooLong: `Context exceeds ${formatCount(CHAT_CONTEXT_MAX_WORDS)} word limit. Please shorten it before sending.`,
  unavailable: (reason: string) => `Chat service is not available: ${reason}`,
  statusFailed: 'Unable to check chat service status',
  sendFailed: 'Error sending message',
  cleared: 'Chat history cleared',
  exported: 'Chat history exported successfully',
  exportFailed: 'Error exporting chat history',
  nothingToExport: 'No chat history to export',
} as const;
