import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, RECENT_PATIENTS_LIMIT, type Patient, type User } from '@ewrt/shared';
import { getRecentPatients } from '../api/patientsApi';

export interface RecentPatients {
  /** Recent patients are group-scoped: without a group nothing is loaded. */
  hasGroup: boolean;
  patients: Patient[];
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** A newly added patient goes to the front; the list stays at its limit. */
  addToFront: (patient: Patient) => void;
}

export function useRecentPatients(user: User | null): RecentPatients {
  const hasGroup = user?.Group !== null && user?.Group !== undefined;
  const [patients, setPatients] = useState<Patient[]>([]);
  const [loading, setLoading] = useState(hasGroup);
  const [error, setError] = useState<string | null>(null);
  const latestRequestRef = useRef(0);

  const reload = useCallback(() => {
    if (!hasGroup) return;
    const requestId = ++latestRequestRef.current;
    setLoading(true);
    getRecentPatients()
      .then((answer) => {
        if (requestId !== latestRequestRef.current) return;
        setPatients(answer.patients.slice(0, RECENT_PATIENTS_LIMIT));
        setError(null);
      })
      .catch((failure: unknown) => {
        if (requestId !== latestRequestRef.current) return;
        setError(getErrorMessage(failure));
      })
      .finally(() => {
        if (requestId === latestRequestRef.current) setLoading(false);
      });
  }, [hasGroup]);

  useEffect(() => {
    reload();
  }, [reload]);

  const addToFront = useCallback((patient: Patient) => {
    setPatients((current) =>
      [patient, ...current.filter((other) => other.ID_Patient !== patient.ID_Patient)].slice(
        0,
        RECENT_PATIENTS_LIMIT,
      ),
    );
  }, []);

  return { hasGroup, patients, loading, error, reload, addToFront };
}
