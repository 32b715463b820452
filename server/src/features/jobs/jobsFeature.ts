import type { FeatureModule } from '../FeatureModule.js';
import { createJobService } from './createJobService.js';
import { createJobsPurger } from './createJobsPurger.js';
import { registerJobRoutes } from './registerJobRoutes.js';

/** The background jobs a user sees: their status, log and cancel (the queue itself is built by the app). */
export const jobsFeature: FeatureModule = {
  name: 'jobs',
  provides: ({ db, clock, io, jobs }) => ({ jobs: createJobService({ db, clock, io, queue: jobs }) }),
  purgers: ({ jobs }) => [createJobsPurger(jobs)],
  routes: (scope, { services }) => registerJobRoutes(scope, services.jobs),
};
