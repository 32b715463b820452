import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import type { TrustedSource } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { listTrustedSources, toggleTrustedSource } from '../api/researchApi';
import { RESEARCH_MESSAGES } from './researchMessages';

export type TrustedSourcesLoad =
  { status: 'loading' } | { status: 'loaded' } | { status: 'failed'; error: string };

export interface TrustedSources {
  sources: readonly TrustedSource[];
  load: TrustedSourcesLoad;
  reload: () => void;
  /** The source whose switch is being saved, if any. */
  togglingId: number | null;
  toggle: (source: TrustedSource, active: boolean) => Promise<void>;
  /** Puts a source the server has just saved into the list, in place of its old version. */
  saved: (source: TrustedSource) => void;
  removed: (source: TrustedSource) => void;
}

/** The user's trusted sources, kept in step with each change the server confirms. */
export function useTrustedSources(): TrustedSources {
  const { message } = App.useApp();
  const [sources, setSources] = useState<readonly TrustedSource[]>([]);
  const [load, setLoad] = useState<TrustedSourcesLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [togglingId, setTogglingId] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    listTrustedSources().then(
      (loaded) => {
        if (!current) return;
        setSources(loaded);
        setLoad({ status: 'loaded' });
      },
      (error: unknown) => {
        if (current)
          setLoad({ status: 'failed', error: getErrorMessage(error, RESEARCH_MESSAGES.sourcesLoadFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const saved = useCallback((source: TrustedSource) => {
    setSources((current) =>
      current.some((item) => item.ID_Source === source.ID_Source)
        ? current.map((item) => (item.ID_Source === source.ID_Source ? source : item))
        : [...current, source],
    );
  }, []);

  const removed = useCallback((source: TrustedSource) => {
    setSources((current) => current.filter((item) => item.ID_Source !== source.ID_Source));
  }, []);

  const toggle = useCallback(
    async (source: TrustedSource, active: boolean) => {
      setTogglingId(source.ID_Source);
      try {
        const answer = await toggleTrustedSource(source.ID_Source, active);
        saved(answer.source);
        void message.success(active ? RESEARCH_MESSAGES.activated : RESEARCH_MESSAGES.deactivated);
      } catch (error) {
        void message.error(getErrorMessage(error, RESEARCH_MESSAGES.toggleFailed));
      } finally {
        setTogglingId(null);
      }
    },
    [message, saved],
  );

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  return { sources, load, reload, togglingId, toggle, saved, removed };
}
