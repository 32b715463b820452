import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import type { ManagedJobQueue } from './createJobQueue.js';
import { createJobRepository } from './jobRepository.js';

/**
 * The jobs' share of "Delete all patient data": the patient's jobs with their steps and logs. A job still running
 * is stopped by its deletion: its worker's lease is gone, so it can write nothing more, and the lease check
 * started here aborts a worker of this server at once (it runs once the purge's transaction has ended).
 */
export function createJobsPurger(queue: ManagedJobQueue): PatientDataPurger {
  return {
    name: 'jobs',
    async purge(tx, patientId) {
      const deleted = await createJobRepository(tx).deleteForPatient(patientId);
      if (deleted > 0) queue.checkLeasesNow();
      return deleted;
    },
  };
}
