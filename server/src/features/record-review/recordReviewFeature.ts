import type { FeatureModule } from '../FeatureModule.js';
import { createRecordReviewService } from './createRecordReviewService.js';
import { registerRecordReviewRoutes } from './registerRecordReviewRoutes.js';

/** Duplicate and copied pages, and the flags of a patient's records, over the chronology and the bundle. */
export const recordReviewFeature: FeatureModule = {
  name: 'record-review',
  routes: (scope, { db, clock, services }) =>
    registerRecordReviewRoutes(
      scope,
      createRecordReviewService({ db, clock, chronology: services.chronology, bundles: services.bundles }),
    ),
};
