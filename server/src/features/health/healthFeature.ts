import type { FeatureModule } from '../FeatureModule.js';
import { registerHealthRoutes } from './registerHealthRoutes.js';

/** The health calls a load balancer needs: served by every instance, workers included. */
export const healthFeature: FeatureModule = {
  name: 'health',
  instanceRoutes: (app, { db, config, readiness }) =>
    registerHealthRoutes(app, { db, role: config.role, readiness }),
};
