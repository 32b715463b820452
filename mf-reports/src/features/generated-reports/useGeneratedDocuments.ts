import { useCallback, useEffect, useState } from 'react';
import type { GeneratedDocumentsResponse } from '@ewrt/contract';
import { listGeneratedDocuments } from '../api/draftReportsApi';

export type GeneratedDocumentsState =
  | { status: 'loading'; listing: GeneratedDocumentsResponse | null }
  | { status: 'loaded'; listing: GeneratedDocumentsResponse }
  | { status: 'failed'; error: unknown };

/** The patient's generated documents; `reload` lists them again (after a deletion or on Refresh). */
export function useGeneratedDocuments(patientId: number) {
  const [state, setState] = useState<GeneratedDocumentsState>({ status: 'loading', listing: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    // While reloading, the table keeps its rows so that it does not flash empty.
    setState((previous) => ({
      status: 'loading',
      listing: previous.status === 'failed' ? null : previous.listing,
    }));
    listGeneratedDocuments(patientId).then(
      (listing) => current && setState({ status: 'loaded', listing }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [patientId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
