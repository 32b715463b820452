import { useCallback, useEffect, useState } from 'react';
import type { PatientDocumentListResponse } from '@ewrt/contract';

export type DocumentListingState =
  | { status: 'loading'; listing: PatientDocumentListResponse | null }
  | { status: 'loaded'; listing: PatientDocumentListResponse }
  | { status: 'failed'; error: unknown };

export interface DocumentListing {
  state: DocumentListingState;
  /** Loads the listing again (Retry, and after a deletion); the current listing stays shown meanwhile. */
  reload: () => void;
}

/**
 * A document listing (a patient's, or the user's opinion documents) and its reloads. `load` should keep its
 * identity between renders; null waits (no patient named yet).
 */
export function useDocumentListing(
  load: (() => Promise<PatientDocumentListResponse>) | null,
): DocumentListing {
  const [state, setState] = useState<DocumentListingState>({ status: 'loading', listing: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (load === null) return undefined;
    let current = true;
    setState((previous) => ({
      status: 'loading',
      listing: previous.status === 'loaded' ? previous.listing : null,
    }));
    load().then(
      (listing) => {
        if (current) setState({ status: 'loaded', listing });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
