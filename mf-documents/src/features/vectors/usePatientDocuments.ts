import { useCallback, useEffect, useState } from 'react';
import type { PatientDocumentListResponse } from '@ewrt/contract';
import { listPatientDocuments } from '../api/documentsApi';

export type PatientDocumentsState =
  | { status: 'loading'; listing: PatientDocumentListResponse | null }
  | { status: 'loaded'; listing: PatientDocumentListResponse }
  | { status: 'failed'; error: unknown };

export interface PatientDocuments {
  state: PatientDocumentsState;
  /** Loads the listing again (Retry, and after a deletion); the current listing stays shown meanwhile. */
  reload: () => void;
}

export function usePatientDocuments(patientId: number | null): PatientDocuments {
  const [state, setState] = useState<PatientDocumentsState>({ status: 'loading', listing: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (patientId === null) return undefined;
    let current = true;
    setState((previous) => ({
      status: 'loading',
      listing: previous.status === 'loaded' ? previous.listing : null,
    }));
    listPatientDocuments(patientId).then(
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
  }, [patientId, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}
