import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectedPatientStore, useSelectedPatient, type Patient } from '@ewrt/shared';
import { getPatient } from './getPatient';

export interface RequestedPatient {
  patient: Patient | null;
  /** The ?patientId= patient is being loaded. */
  loading: boolean;
  /** The ?patientId= patient could not be loaded (or the parameter is not an id). */
  failed: boolean;
  /** Works on this patient from now on, and makes it the suite's selected patient. */
  choose: (patient: Patient) => void;
}

function parsePatientId(raw: string | null): number | null | 'invalid' {
  if (raw === null || raw === '') return null;
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 'invalid';
}

/**
 * The patient a patient-scoped tool works on: the one named by ?patientId= (loaded from the server, so its access
 * level is current), otherwise the suite's selected patient.
 */
export function useRequestedPatient(): RequestedPatient {
  const [searchParams] = useSearchParams();
  const requested = parsePatientId(searchParams.get('patientId'));
  const selected = useSelectedPatient();
  const [loaded, setLoaded] = useState<{ id: number; patient: Patient } | null>(null);
  const [failedId, setFailedId] = useState<number | 'invalid' | null>(null);
  const [chosen, setChosen] = useState<Patient | null>(null);

  useEffect(() => {
    if (requested === null) return;
    if (requested === 'invalid') {
      setFailedId('invalid');
      return;
    }
    let current = true;
    getPatient(requested).then(
      (patient) => {
        if (current) setLoaded({ id: requested, patient });
      },
      () => {
        if (current) setFailedId(requested);
      },
    );
    return () => {
      current = false;
    };
  }, [requested]);

  const choose = useCallback((patient: Patient) => {
    setChosen(patient);
    selectedPatientStore.select(patient);
  }, []);

  const failed = requested !== null && failedId === requested;
  const fromQuery = typeof requested === 'number' && loaded?.id === requested ? loaded.patient : null;
  const loading = typeof requested === 'number' && !fromQuery && !failed;
  const patient = chosen ?? (requested === null ? selected : fromQuery);
  return { patient, loading: loading && !chosen, failed: failed && !chosen, choose };
}
