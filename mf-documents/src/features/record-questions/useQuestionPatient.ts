import { useCallback, useEffect, useState } from 'react';
import { selectedPatientStore, useSelectedPatient, type Patient } from '@ewrt/shared';
import { getPatient } from '../api/patientLookupApi';

export interface QuestionPatient {
  /** The patient, once loaded (or already the selected patient). */
  patient: Patient | null;
  loading: boolean;
  failed: boolean;
  /** Shows the patient as the server answered it after a change, and keeps the shell's selection in step. */
  replace: (patient: Patient) => void;
}

/** The patient of the record questions screen, with the load failure the sidebar reports. */
export function useQuestionPatient(patientId: number | null): QuestionPatient {
  const selected = useSelectedPatient();
  const [loaded, setLoaded] = useState<Patient | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);

  useEffect(() => {
    if (patientId === null) return undefined;
    let current = true;
    setFailedId(null);
    getPatient(patientId).then(
      (patient) => {
        if (current) setLoaded(patient);
      },
      (error: unknown) => {
        if (!current) return;
        console.error(`Loading patient ${patientId} failed`, error);
        setFailedId(patientId);
      },
    );
    return () => {
      current = false;
    };
  }, [patientId]);

  const replace = useCallback((patient: Patient) => {
    setLoaded(patient);
    if (selectedPatientStore.getState()?.ID_Patient === patient.ID_Patient)
      selectedPatientStore.select(patient);
  }, []);

  const fresh = loaded?.ID_Patient === patientId ? loaded : null;
  const fallback = selected?.ID_Patient === patientId ? selected : null;
  const failed = patientId !== null && failedId === patientId;
  return { patient: fresh ?? fallback, loading: !fresh && !failed, failed, replace };
}
