import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import { createGeneratedFileRepository } from '../../platform/files/generatedFileRepository.js';
import { removeFilesOnceUnreferenced } from '../../platform/files/removeFilesOnceUnreferenced.js';
import { pageViewFileKeys } from '../page-views/pageViewFileKeys.js';
import type { PatientDataPurger } from '../patients/patientDataPurgers.js';
import { createDocumentRepository } from './documentRepository.js';

/**
 * The documents' share of "Delete all patient data", as two counts in its answer: `vectors` (the passages of the
 * retrieval index) and `documents` (the rows, with the generated file list and the pages drawn for the page view). The stored files go once the purge's
 * transaction has committed: a rolled-back purge keeps its files.
 */
export function createDocumentPurgers(deps: {
  db: Database;
  files: FileStore;
  log: FastifyBaseLogger;
}): PatientDataPurger[] {
  return [
    {
      name: 'vectors',
      async purge(tx, patientId) {
        const { rows } = await tx.query<{ count: number }>(
          `WITH removed AS (DELETE FROM document_chunks WHERE patient_id = $1 RETURNING 1)
           SELECT count(*)::int AS count FROM removed`,
          [patientId],
        );
        return rows[0]?.count ?? 0;
      },
    },
    {
      name: 'documents',
      async purge(tx, patientId) {
        const drawn = await pageViewFileKeys(tx, 'd.patient_id = $1', patientId);
        const removed = await createDocumentRepository(tx).deleteAllOfPatient(patientId);
        const generated = await createGeneratedFileRepository(tx).deleteAllOfPatient(patientId);
        removeFilesOnceUnreferenced(deps, [...removed.keys, ...drawn, ...generated]);
        return removed.documents;
      },
    },
  ];
}
