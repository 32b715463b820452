import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../files/FileStore.js';
import type { PatientDataPurger } from '../patients/patientDataPurgers.js';

/** The transcriptions' share of "Delete all patient data". Ground only: the transcription helper builds it. */
export function createTranscriptionPurger(_deps: {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
}): PatientDataPurger {
  return { name: 'transcriptions', purge: () => Promise.resolve(0) };
}
