import { useCallback, useEffect, useState } from 'react';
import { selectedPatientStore, useSelectedPatient, type Patient } from '@ewrt/shared';
import { getPatient } from '../api/patientsApi';

export interface PatientRecord {
  patient: Patient | null;
  loading: boolean;
  /** The load failed: the screen shows its error state. */
  failed: boolean;
  /** After an edit: the screen and, when it is the selected patient, the stored selection follow. */
  replace: (patient: Patient) => void;
}

interface PatientRecordOptions {
  /** Detail page: the selected patient, when it is this one, is used as is. Dashboard: always reloaded. */
  trustSelected: boolean;
  /** Dashboard: the loaded patient becomes the selected patient, so the rest of the suite follows. */
  syncSelection: boolean;
}

/** Parses a route id: only positive whole numbers are patient ids. */
export function parsePatientId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function usePatientRecord(patientId: number | null, options: PatientRecordOptions): PatientRecord {
  const { trustSelected, syncSelection } = options;
  const selected = useSelectedPatient();
  const selectedMatches = patientId !== null && selected?.ID_Patient === patientId;
  const [loaded, setLoaded] = useState<{ id: number; patient: Patient } | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);
  const skipFetch = trustSelected && selectedMatches;

  useEffect(() => {
    if (patientId === null || skipFetch) return;
    let current = true;
    setFailedId(null);
    getPatient(patientId)
      .then((patient) => {
        if (!current) return;
        setLoaded({ id: patientId, patient });
        if (syncSelection) selectedPatientStore.select(patient);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(`Loading patient ${patientId} failed`, error);
        setFailedId(patientId);
      });
    return () => {
      current = false;
    };
    // Reloads when the route's patient changes, not when the stored selection is updated by this hook.
  }, [patientId, skipFetch, syncSelection]);

  const replace = useCallback(
    (patient: Patient) => {
      setLoaded({ id: patient.ID_Patient, patient });
      if (syncSelection || selectedPatientStore.getState()?.ID_Patient === patient.ID_Patient) {
        selectedPatientStore.select(patient);
      }
    },
    [syncSelection],
  );

  if (patientId === null) return { patient: null, loading: false, failed: true, replace };
  if (failedId === patientId) return { patient: null, loading: false, failed: true, replace };
  const fresh = loaded?.id === patientId ? loaded.patient : null;
  if (skipFetch) return { patient: fresh ?? selected, loading: false, failed: false, replace };
  // While loading, the selected patient (when it is this one) fills the screen.
  return {
    patient: fresh ?? (selectedMatches ? selected : null),
    loading: fresh === null,
    failed: false,
    replace,
  };
}
