import type { FeatureModule } from '../FeatureModule.js';
import { registerFileRoutes } from './registerFileRoutes.js';

/** Signed download links: they carry no bearer token, their signature and expiry decide. */
export const downloadsFeature: FeatureModule = {
  name: 'downloads',
  publicRoutes: (app, { files, links, storedFiles }) =>
    registerFileRoutes(app, { files, links, lookup: storedFiles }),
};
