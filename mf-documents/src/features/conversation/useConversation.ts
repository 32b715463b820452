import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { ConversationEntry, QueryResponse } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { httpStatusOf } from '../api/httpStatusOf';
import type { ConversationSource } from './ConversationSource';
import { saveExportedFile } from '@ewrt/shared/kit';

export type ConversationLoad =
  { status: 'loading' } | { status: 'loaded' } | { status: 'failed'; error: string };

/** A question on its way: when it was sent, for the elapsed-time counter. */
export interface PendingQuestion {
  text: string;
  sentAt: number;
}

export interface Conversation {
  entries: readonly ConversationEntry[];
  load: ConversationLoad;
  reload: () => void;
  pending: PendingQuestion | null;
  /** The last question's failure, shown beside the question box (the question stays in it). */
  askError: string | null;
  /** Sends a question; true once it is answered (the box may then be emptied). Blank text is not sent. */
  ask: (question: string) => Promise<boolean>;
  /** Each resolves true when it succeeded; the outcome has been announced either way. */
  clear: () => Promise<boolean>;
  saveToVectors: (includeQueries: boolean) => Promise<boolean>;
  exportConversation: () => Promise<boolean>;
}

/** The question and the answer as the server stored them, so the panel needs no reload after a query. */
function entriesOfAnswer(question: string, sentAt: number, answer: QueryResponse): ConversationEntry[] {
  return [
    {
      id: answer.question_entry_id,
      type: 'user',
      content: question,
      timestamp: new Date(sentAt).toISOString(),
      metadata: null,
    },
    {
      id: answer.answer_entry_id,
      type: 'assistant',
      content: answer.response,
      timestamp: answer.timestamp,
      metadata: {
        model_info: answer.model_info,
        context_documents_count: answer.context_documents,
        source_locations: answer.source_locations,
        location_summary: answer.location_summary,
        sentences: answer.sentences,
        from_cache: answer.from_cache,
      },
    },
  ];
}

/** One conversation over a source: its entries, the question in flight, and the actions of QRY-01. */
export function useConversation(source: ConversationSource): Conversation {
  const { message } = App.useApp();
  const [entries, setEntries] = useState<readonly ConversationEntry[]>([]);
  const [load, setLoad] = useState<ConversationLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState<PendingQuestion | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  const { messages } = source;

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    source.loadConversation().then(
      (loaded) => {
        if (!current) return;
        setEntries(loaded);
        setLoad({ status: 'loaded' });
      },
      (error: unknown) => {
        if (!current) return;
        setEntries([]);
        // No conversation yet is not a failure (QRY-02: not shown on 404).
        if (httpStatusOf(error) === 404) setLoad({ status: 'loaded' });
        else setLoad({ status: 'failed', error: getErrorMessage(error, source.messages.loadFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [source, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const ask = useCallback(
    async (question: string) => {
      const text = question.trim();
      if (!text || pending) return false;
      const sentAt = Date.now();
      setPending({ text, sentAt });
      setAskError(null);
      try {
        const answer = await source.ask(text);
        setEntries((previous) => [...previous, ...entriesOfAnswer(text, sentAt, answer)]);
        return true;
      } catch (error) {
        setAskError(getErrorMessage(error, messages.askFailed));
        return false;
      } finally {
        setPending(null);
      }
    },
    [source, messages, pending],
  );

  const clear = useCallback(async () => {
    try {
      await source.clear();
      setEntries([]);
      setAskError(null);
      void message.success(messages.cleared);
      return true;
    } catch (error) {
      void message.error(getErrorMessage(error, messages.clearFailed));
      return false;
    }
  }, [source, messages, message]);

  const saveToVectors = useCallback(
    async (includeQueries: boolean) => {
      try {
        const answer = await source.saveToVectors(includeQueries);
        void message.success(answer.message);
        return true;
      } catch (error) {
        void message.error(getErrorMessage(error, messages.saveFailed));
        return false;
      }
    },
    [source, messages, message],
  );

  const exportConversation = useCallback(async () => {
    try {
      saveExportedFile(await source.exportConversation());
      void message.success(messages.exported);
      return true;
    } catch (error) {
      void message.error(getErrorMessage(error, messages.exportFailed));
      return false;
    }
  }, [source, messages, message]);

  return { entries, load, reload, pending, askError, ask, clear, saveToVectors, exportConversation };
}
