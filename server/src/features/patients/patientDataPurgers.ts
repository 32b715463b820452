import type { Queryable } from '../../db/Database.js';

/** One area's share of "Delete all patient data": removes what it stores for a patient and says how much. */
export interface PatientDataPurger {
  /** The key of its count in the answer's `deleted` (e.g. 'jobs'). */
  name: string;
  /** Runs inside the purge's transaction; answers how many items it removed. */
  purge(tx: Queryable, patientId: number): Promise<number>;
}

/**
 * Where each area registers its purger, so that the patients feature erases every area's data without importing
 * any of them. Created once by the app and handed to the patient service and to every area that stores
 * patient data.
 */
export interface PatientDataPurgers {
  register(purger: PatientDataPurger): void;
  /** Runs every purger in the order they registered, inside `tx`; answers each one's count under its name. */
  purgeAll(tx: Queryable, patientId: number): Promise<Record<string, number>>;
}

export function createPatientDataPurgers(): PatientDataPurgers {
  const purgers: PatientDataPurger[] = [];
  return {
    register(purger) {
      if (purgers.some((existing) => existing.name === purger.name)) {
        throw new Error(`A patient data purger named ${purger.name} is registered already`);
      }
      purgers.push(purger);
    },
    async purgeAll(tx, patientId) {
      const deleted: Record<string, number> = {};
      for (const purger of purgers) deleted[purger.name] = await purger.purge(tx, patientId);
      return deleted;
    },
  };
}
