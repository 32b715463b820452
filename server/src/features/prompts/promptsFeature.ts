import type { FeatureModule } from '../FeatureModule.js';
import { createPromptService } from './createPromptService.js';
import { registerPromptRoutes } from './registerPromptRoutes.js';

/** The group's report prompts. */
export const promptsFeature: FeatureModule = {
  name: 'prompts',
  routes: (scope, { db, clock }) => registerPromptRoutes(scope, createPromptService({ db, clock })),
};
