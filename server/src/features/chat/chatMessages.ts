/** What the chat calls say to the user; the over-limit message is the spec's own (CHAT-02). */
export const CHAT_MESSAGES = {
  ready: 'Chat service is ready',
  noModel: 'No language model is configured: set AI_BASE_URL and AI_MODEL on the server (see the README)',
  noToolsFeature: 'Your access level does not include the chatbot and research tools',
  contextTooLong: 'Context exceeds 20,000 word limit. Please shorten it before sending.',
  contextWithinLimit: 'Context is within the limit',
  clientGone: 'The request was closed before its answer was ready',
  nothingToExport: 'No chat history to export',
} as const;
