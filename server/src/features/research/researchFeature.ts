import type { FeatureModule } from '../FeatureModule.js';
import { createResearchService } from './createResearchService.js';
import { createSearxngWebSearch } from './createSearxngWebSearch.js';
import { registerResearchRoutes } from './registerResearchRoutes.js';

/** The research assistant over the group's trusted web sources. */
export const researchFeature: FeatureModule = {
  name: 'research',
  routes: (scope, { db, clock, languageModel, config }) =>
    registerResearchRoutes(
      scope,
      createResearchService({
        db,
        clock,
        ai: languageModel,
        webSearch: config.webSearch ? createSearxngWebSearch(config.webSearch) : null,
      }),
    ),
};
