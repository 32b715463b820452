import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSelectedPatient, type Patient } from '@ewrt/shared';
import { getPatient } from '../api/patientLookupApi';

export interface RoutePatient {
  /** The route's :patientId, or null when it is not a patient id. */
  patientId: number | null;
  /** The patient, when loaded (or already the selected patient); null while loading or if it could not be loaded. */
  patient: Patient | null;
}

function parsePatientId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The patient of a /…/:patientId screen. Screens work from the id alone: the patient's details only label them,
 * so a failed load leaves the id shown rather than an error.
 */
export function useRoutePatient(): RoutePatient {
  const patientId = parsePatientId(useParams().patientId);
  const selected = useSelectedPatient();
  const [loaded, setLoaded] = useState<Patient | null>(null);

  useEffect(() => {
    if (patientId === null) return undefined;
    let current = true;
    getPatient(patientId).then(
      (patient) => {
        if (current) setLoaded(patient);
      },
      (error: unknown) => {
        console.error(`Loading patient ${patientId} failed`, error);
      },
    );
    return () => {
      current = false;
    };
  }, [patientId]);

  const fresh = loaded?.ID_Patient === patientId ? loaded : null;
  const fallback = selected?.ID_Patient === patientId ? selected : null;
  return { patientId, patient: fresh ?? fallback };
}
