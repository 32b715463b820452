import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/Database.js';
import type { PatientDataPurgers } from './patientDataPurgers.js';

/** Where a patient's stored files live; later slices put uploads and generated documents here. */
export function patientStorageDir(dataDir: string, patientId: number): string {
  return path.join(dataDir, 'files', 'patients', String(patientId));
}

async function countFiles(directory: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * Erases everything stored for a patient except the record itself and answers how many of each kind were
 * removed: first every area's rows through the registered purgers, inside the caller's transaction, then the
 * patient's storage folder, last because deleting files cannot be rolled back.
 */
export async function purgePatientData(
  tx: Queryable,
  dataDir: string,
  patientId: number,
  purgers: PatientDataPurgers,
): Promise<Record<string, number>> {
  const deleted = await purgers.purgeAll(tx, patientId);
  const directory = patientStorageDir(dataDir, patientId);
  deleted.files = await countFiles(directory);
  await rm(directory, { recursive: true, force: true });
  return deleted;
}
