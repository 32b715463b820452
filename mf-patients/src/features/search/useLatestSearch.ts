import { useEffect, useState } from 'react';
import { MESSAGES } from '@ewrt/shared';

export interface LatestSearch<T> {
  /** The answer of the latest search; kept while the next one loads, cleared by a failure or no search. */
  result: T | null;
  loading: boolean;
  error: string | null;
}

const IDLE: LatestSearch<never> = { result: null, loading: false, error: null };

/**
 * Runs `search` whenever it changes (memoise it on its inputs) and keeps only the latest answer: an
 * earlier search that answers late is ignored. `null` means there is nothing to search: results cleared.
 * A failure clears the results and shows the spec's search failure message.
 */
export function useLatestSearch<T>(search: (() => Promise<T>) | null): LatestSearch<T> {
  const [state, setState] = useState<LatestSearch<T>>(IDLE);

  useEffect(() => {
    if (!search) {
      setState(IDLE);
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    search().then(
      (result) => {
        if (current) setState({ result, loading: false, error: null });
      },
      () => {
        if (current) setState({ result: null, loading: false, error: MESSAGES.searchFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [search]);

  return state;
}
