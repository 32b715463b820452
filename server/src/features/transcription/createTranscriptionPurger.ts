import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { removeFilesOnceUnreferenced } from '../../platform/files/removeFilesOnceUnreferenced.js';
import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createTranscriptionRepository } from './transcriptionRepository.js';

/**
 * The transcriptions' share of "Delete all patient data": the rows inside the purge's transaction, their Word
 * documents once it has committed (a rolled-back purge keeps them).
 */
export function createTranscriptionPurger(deps: {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
}): PatientDataPurger {
  return {
    name: 'transcriptions',
    async purge(tx, patientId) {
      const { deleted, storageKeys } = await createTranscriptionRepository(tx).deleteAllOfPatient(patientId);
      removeFilesOnceUnreferenced(deps, storageKeys);
      return deleted;
    },
  };
}
