import type { FeatureModule } from '../FeatureModule.js';
import { createBundleFileLookup } from './createBundleFileLookup.js';
import { createBundlePurger } from './createBundlePurger.js';
import { createBundleService } from './createBundleService.js';
import { registerBundleJobHandler } from './registerBundleJobHandler.js';
import { registerBundleRoutes } from './registerBundleRoutes.js';

/** The paginated record bundle of a patient's documents, built as a job. */
export const bundlesFeature: FeatureModule = {
  name: 'bundles',
  provides: ({ db, clock, links, jobs }) => ({ bundles: createBundleService({ db, clock, links, jobs }) }),
  purgers: ({ db, files, log }) => [createBundlePurger({ db, files, log })],
  jobHandlers: ({ jobs, db, clock, files, config, log }) =>
    registerBundleJobHandler(jobs, { db, clock, files, libreOfficeCommand: config.libreOfficeCommand, log }),
  fileLookup: ({ db }) => createBundleFileLookup(db),
  routes: (scope, { services }) => registerBundleRoutes(scope, services.bundles),
};
