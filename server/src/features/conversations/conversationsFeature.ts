import type { FeatureModule } from '../FeatureModule.js';
import { createConversationPurgers } from './createConversationPurgers.js';
import { createConversationService } from './createConversationService.js';
import { registerConversationRoutes } from './registerConversationRoutes.js';

/** Questions about a patient's documents, answered with citations, and their saved conversations. */
export const conversationsFeature: FeatureModule = {
  name: 'conversations',
  purgers: () => createConversationPurgers(),
  routes: (scope, { db, clock, files, jobs, languageModel, embeddings, answerTimeoutMs }) =>
    registerConversationRoutes(
      scope,
      createConversationService({ db, clock, files, jobs, ai: languageModel, embeddings, answerTimeoutMs }),
    ),
};
