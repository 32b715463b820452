import { useCallback, useState } from 'react';
import { App } from 'antd';
import { getErrorMessage } from '@ewrt/shared';
import { saveExportedFile } from '@ewrt/shared/kit';
import { exportResearch, searchResearch } from '../api/researchApi';
import { makeChatEntry, toChatHistory, type ChatEntry } from '../chat-ui/ChatEntry';
import { exportFilename } from '../exports/exportFilename';
import { RESEARCH_MESSAGES } from './researchMessages';

export interface ResearchChat {
  entries: readonly ChatEntry[];
  searching: boolean;
  /** The last question's failure; the question stays in the box. */
  searchError: string | null;
  ask: (question: string) => Promise<boolean>;
  /** Shows why a question was not sent. */
  refuse: (reason: string) => void;
  clear: () => void;
  exportReport: () => Promise<void>;
}

/** The research conversation held in the page; each question carries the conversation before it. */
export function useResearchChat(): ResearchChat {
  const { message } = App.useApp();
  const [entries, setEntries] = useState<readonly ChatEntry[]>([]);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);

  const ask = useCallback(
    async (text: string) => {
      const question = makeChatEntry({ role: 'user', content: text, timestamp: new Date().toISOString() });
      const history = toChatHistory(entries);
      setEntries([...entries, question]);
      setSearching(true);
      setSearchError(null);
      try {
        const answer = await searchResearch(text, history);
        const reply = makeChatEntry({
          role: 'assistant',
          content: answer.response,
          timestamp: answer.timestamp,
          modelLabel: answer.model_info.label,
          sources: answer.sources,
        });
        setEntries((current) => [...current, reply]);
        return true;
      } catch (error) {
        setEntries((current) => current.filter((entry) => entry !== question));
        setSearchError(getErrorMessage(error, RESEARCH_MESSAGES.searchFailed));
        return false;
      } finally {
        setSearching(false);
      }
    },
    [entries],
  );

  const clear = useCallback(() => {
    setEntries([]);
    setSearchError(null);
    void message.success(RESEARCH_MESSAGES.cleared);
  }, [message]);

  const exportReport = useCallback(async () => {
    const answerIndex = entries.findLastIndex((entry) => entry.role === 'assistant');
    const questionIndex = entries.findLastIndex(
      (entry, index) => index < answerIndex && entry.role === 'user',
    );
    const answer = entries[answerIndex];
    const question = entries[questionIndex];
    if (!answer || !question) {
      void message.warning(RESEARCH_MESSAGES.nothingToExport);
      return;
    }
    try {
      const file = await exportResearch(
        {
          question: question.content,
          text: answer.content,
          sources: answer.sources ?? [],
          // What led up to the exported question and answer.
          conversationHistory: toChatHistory(entries.slice(0, questionIndex)),
        },
        exportFilename('research_report', new Date()),
      );
      saveExportedFile(file);
      void message.success(RESEARCH_MESSAGES.exported);
    } catch (error) {
      void message.error(getErrorMessage(error, RESEARCH_MESSAGES.exportFailed));
    }
  }, [entries, message]);

  const refuse = useCallback((reason: string) => setSearchError(reason), []);

  return { entries, searching, searchError, ask, refuse, clear, exportReport };
}
