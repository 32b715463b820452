import type { FeatureModule } from '../FeatureModule.js';
import { createDirectoryRepository } from './createDirectoryRepository.js';
import { registerDirectoryRoutes } from './registerDirectoryRoutes.js';

/** The organisation's directory (groups and users) as the pickers need it. */
export const directoryFeature: FeatureModule = {
  name: 'directory',
  routes: (scope, { db, users }) =>
    registerDirectoryRoutes(scope, { directory: createDirectoryRepository(db), users }),
};
