import type { FeatureModule } from '../FeatureModule.js';
import { createOpinionService } from './createOpinionService.js';
import { registerOpinionRoutes } from './registerOpinionRoutes.js';

/** The user's own opinion documents (no patient), processed like a patient's documents. */
export const opinionsFeature: FeatureModule = {
  name: 'opinions',
  routes: (scope, { db, clock, files, links, jobs, config, services }) =>
    registerOpinionRoutes(scope, {
      opinions: createOpinionService({
        db,
        clock,
        files,
        links,
        jobs,
        maxUploadBytes: config.documentMaxUploadBytes,
        jobStatus: services.jobs.status,
      }),
      maxUploadBytes: config.documentMaxUploadBytes,
    }),
};
