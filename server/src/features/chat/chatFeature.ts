import type { FeatureModule } from '../FeatureModule.js';
import { createChatService } from './createChatService.js';
import { registerChatRoutes } from './registerChatRoutes.js';

/** The secure chatbot: no patient data, nothing stored. */
export const chatFeature: FeatureModule = {
  name: 'chat',
  routes: (scope, { clock, languageModel, answerTimeoutMs }) =>
    registerChatRoutes(scope, createChatService({ clock, ai: languageModel, answerTimeoutMs })),
};
