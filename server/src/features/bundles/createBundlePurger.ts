import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { removeFilesOnceUnreferenced } from '../../platform/files/removeFilesOnceUnreferenced.js';
import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createBundleRepository } from './bundleRepository.js';

/**
 * The bundles' share of "Delete all patient data": the patient's bundles (with where each document landed) and
 * saved order. Their PDF files go once the purge's transaction has committed: a rolled-back purge keeps them.
 */
export function createBundlePurger(deps: {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
}): PatientDataPurger {
  return {
    name: 'bundles',
    async purge(tx, patientId) {
      const removed = await createBundleRepository(tx).deleteAllOfPatient(patientId);
      removeFilesOnceUnreferenced(deps, removed.keys);
      return removed.bundles;
    },
  };
}
