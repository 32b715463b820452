import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { removeFilesOnceUnreferenced } from '../../platform/files/removeFilesOnceUnreferenced.js';
import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createDraftReportRepository } from './draftReportRepository.js';

/**
 * The generated reports' share of "Delete all patient data" (`draft_reports` in its answer): the rows inside the
 * purge's transaction, the files once it has committed (a rolled-back purge keeps them).
 */
export function createGeneratedReportPurger(deps: {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
}): PatientDataPurger {
  return {
    name: 'draft_reports',
    async purge(tx, patientId) {
      const keys = await createDraftReportRepository(tx).deleteAllOfPatient(patientId);
      removeFilesOnceUnreferenced(deps, keys);
      return keys.length;
    },
  };
}
