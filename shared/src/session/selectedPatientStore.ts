import type { Patient } from '../api/types';
import { STORAGE_KEYS } from '../constants';
import { readStorage, removeStorage, writeStorage } from './browserStorage';

type Listener = () => void;

function isStoredPatient(value: unknown): value is Patient {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { ID_Patient?: unknown }).ID_Patient === 'number'
  );
}

/** The selected patient, persisted as JSON in local storage `selectedPatient`. */
export class SelectedPatientStore {
  private patient: Patient | null;
  private readonly listeners = new Set<Listener>();

  constructor() {
    this.patient = SelectedPatientStore.readPersisted();
  }

  /** Corrupt or foreign content in storage counts as no selection and is removed. */
  private static readPersisted(): Patient | null {
    const raw = readStorage(STORAGE_KEYS.selectedPatient);
    if (raw === null) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isStoredPatient(parsed)) return parsed;
    } catch {
      // Falls through to removal below.
    }
    removeStorage(STORAGE_KEYS.selectedPatient);
    return null;
  }

  getState = (): Patient | null => this.patient;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  select = (patient: Patient): void => {
    writeStorage(STORAGE_KEYS.selectedPatient, JSON.stringify(patient));
    this.set(patient);
  };

  clear = (): void => {
    removeStorage(STORAGE_KEYS.selectedPatient);
    this.set(null);
  };

  private set(patient: Patient | null): void {
    if (patient === this.patient) return;
    this.patient = patient;
    this.listeners.forEach((listener) => listener());
  }
}

export const selectedPatientStore = new SelectedPatientStore();
