import type { FeatureModule } from '../FeatureModule.js';
import { createChronologyPurger } from './createChronologyPurger.js';
import { createChronologyService } from './createChronologyService.js';
import { registerChronologyJobHandler } from './registerChronologyJobHandler.js';
import { registerChronologyRoutes } from './registerChronologyRoutes.js';

/** The dated events of a patient's records, built as a job. */
export const chronologyFeature: FeatureModule = {
  name: 'chronology',
  provides: ({ db, clock, jobs }) => ({ chronology: createChronologyService({ db, clock, jobs }) }),
  purgers: () => [createChronologyPurger()],
  jobHandlers: ({ jobs, db, clock, languageModel }) =>
    registerChronologyJobHandler(jobs, { db, clock, ai: languageModel }),
  routes: (scope, { services }) => registerChronologyRoutes(scope, services.chronology),
};
