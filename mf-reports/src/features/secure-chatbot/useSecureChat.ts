import { useCallback, useState } from 'react';
import { App } from 'antd';
import { getErrorMessage } from '@ewrt/shared';
import { saveExportedFile } from '@ewrt/shared/kit';
import { exportChat, sendChatMessage } from '../api/chatApi';
import { makeChatEntry, toChatHistory, type ChatEntry } from '../chat-ui/ChatEntry';
import { exportFilename } from '../exports/exportFilename';
import { CHATBOT_MESSAGES } from './chatbotMessages';

export interface SecureChat {
  entries: readonly ChatEntry[];
  sending: boolean;
  /** The last send's failure; the message stays in the box. */
  sendError: string | null;
  /** Sends a message with the conversation so far and the context; true once answered. */
  send: (text: string, context: string) => Promise<boolean>;
  clear: () => void;
  exportHistory: (context: string) => Promise<void>;
}

/** The chat held in the page: the server keeps no conversation, so each message carries the history before it. */
export function useSecureChat(): SecureChat {
  const { message } = App.useApp();
  const [entries, setEntries] = useState<readonly ChatEntry[]>([]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  const send = useCallback(
    async (text: string, context: string) => {
      const question = makeChatEntry({ role: 'user', content: text, timestamp: new Date().toISOString() });
      const history = toChatHistory(entries);
      setEntries([...entries, question]);
      setSending(true);
      setSendError(null);
      try {
        const answer = await sendChatMessage(text, history, context);
        const reply = makeChatEntry({
          role: 'assistant',
          content: answer.response,
          timestamp: answer.timestamp,
          modelLabel: answer.model_info.label,
        });
        setEntries((current) => [...current, reply]);
        return true;
      } catch (error) {
        // The unanswered message goes back to the box (the caller keeps it), not into the history.
        setEntries((current) => current.filter((entry) => entry !== question));
        setSendError(getErrorMessage(error, CHATBOT_MESSAGES.sendFailed));
        return false;
      } finally {
        setSending(false);
      }
    },
    [entries],
  );

  const clear = useCallback(() => {
    setEntries([]);
    setSendError(null);
    void message.success(CHATBOT_MESSAGES.cleared);
  }, [message]);

  const exportHistory = useCallback(
    async (context: string) => {
      if (entries.length === 0) {
        void message.warning(CHATBOT_MESSAGES.nothingToExport);
        return;
      }
      try {
        const file = await exportChat(
          toChatHistory(entries),
          context,
          exportFilename('chat_history', new Date()),
        );
        saveExportedFile(file);
        void message.success(CHATBOT_MESSAGES.exported);
      } catch (error) {
        void message.error(getErrorMessage(error, CHATBOT_MESSAGES.exportFailed));
      }
    },
    [entries, message],
  );

  return { entries, sending, sendError, send, clear, exportHistory };
}
