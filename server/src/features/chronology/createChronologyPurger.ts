import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createChronologyRepository } from './chronologyRepository.js';

/**
 * The chronology's share of "Delete all patient data": its events (passages quoted from the records) and the build
 * they came from, counted as `chronology_events`. The patient row stays, so nothing cascades on its own.
 */
export function createChronologyPurger(): PatientDataPurger {
  return {
    name: 'chronology_events',
    purge: (tx, patientId) => createChronologyRepository(tx).deleteAllOfPatient(patientId),
  };
}
