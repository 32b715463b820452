import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectedPatientStore, type Patient } from '@ewrt/shared';
import { recordPatientAccess } from '../api/patientsApi';

/**
 * Choosing a patient: records the access, refreshes the recent list, stores the selection and opens
 * the patient's dashboard. A failure to record the access does not stop the selection.
 */
export function useSelectPatient(refreshRecent?: () => void): (patient: Patient) => Promise<void> {
  const navigate = useNavigate();

  return useCallback(
    async (patient: Patient) => {
      try {
        await recordPatientAccess(patient.ID_Patient);
      } catch (error) {
        console.error('Recording the patient access failed; the patient is selected anyway', error);
      }
      refreshRecent?.();
      selectedPatientStore.select(patient);
      navigate(`/patients/${patient.ID_Patient}/dashboard`);
    },
    [navigate, refreshRecent],
  );
}
