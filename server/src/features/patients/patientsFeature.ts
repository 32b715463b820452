import type { FeatureModule } from '../FeatureModule.js';
import { createPatientService } from './createPatientService.js';
import { registerPatientRoutes } from './registerPatientRoutes.js';

/** Patients, and "Delete all patient data" over every area's purger. */
export const patientsFeature: FeatureModule = {
  name: 'patients',
  routes: (scope, { db, clock, config, purgers }) =>
    registerPatientRoutes(scope, createPatientService({ db, clock, dataDir: config.dataDir, purgers })),
};
