import { useSyncExternalStore } from 'react';
import type { Patient } from '../api/types';
import { selectedPatientStore } from './selectedPatientStore';

export function useSelectedPatient(): Patient | null {
  return useSyncExternalStore(
    selectedPatientStore.subscribe,
    selectedPatientStore.getState,
    selectedPatientStore.getState,
  );
}
