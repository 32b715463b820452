import { useCallback, useEffect, useState } from 'react';
import type { Lookup, LookupType } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { listPrompts, listPromptTypes } from '../api/promptsApi';
import { PROMPT_MESSAGES } from './promptMessages';

export interface PromptLibrary {
  prompts: Lookup[];
  types: LookupType[];
  /** True until the first answer, and again while a reload is under way. */
  loading: boolean;
  /** Whether the lists have been read at least once (an empty group is then really empty). */
  loaded: boolean;
  /** Why the lists could not be read: the server's message when it gave one. */
  error: string | null;
  reload: () => void;
}

/**
 * The group's prompts and prompt types, read together: the table names each prompt's type, so one without the
 * other is of no use. During a reload the previous lists stay on screen.
 */
export function usePromptLibrary(): PromptLibrary {
  const [prompts, setPrompts] = useState<Lookup[]>([]);
  const [types, setTypes] = useState<LookupType[]>([]);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    // Only the newest answer counts: an older one arriving late must not overwrite it.
    let current = true;
    setLoading(true);
    Promise.all([listPrompts(), listPromptTypes()]).then(
      ([nextPrompts, nextTypes]) => {
        if (!current) return;
        setPrompts(nextPrompts);
        setTypes(nextTypes);
        setError(null);
        setLoaded(true);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(getErrorMessage(failure, PROMPT_MESSAGES.loadFailed));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { prompts, types, loading, loaded, error, reload };
}
