import { useCallback, useEffect, useState } from 'react';
import type { ExampleDocumentInfo } from '@ewrt/contract';
import { getStyleDocument } from '../api/authoringDocumentsApi';

export type StyleDocumentState =
  | { status: 'loading'; info: ExampleDocumentInfo | null }
  | { status: 'loaded'; info: ExampleDocumentInfo }
  | { status: 'failed'; error: unknown };

/** The user's style document details; `reload` reads them again (after an upload or a deletion). */
export function useStyleDocument(userId: number | null) {
  const [state, setState] = useState<StyleDocumentState>({ status: 'loading', info: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    setState((previous) => ({
      status: 'loading',
      info: previous.status === 'loaded' ? previous.info : null,
    }));
    getStyleDocument(userId).then(
      (info) => current && setState({ status: 'loaded', info }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [userId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
