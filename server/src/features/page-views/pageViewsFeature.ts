import type { FeatureModule } from '../FeatureModule.js';
import { createPageViewService } from './createPageViewService.js';
import { registerPageViewRoutes } from './registerPageViewRoutes.js';

/** One page of a document as an image, with the boxes of a cited passage. */
export const pageViewsFeature: FeatureModule = {
  name: 'page-views',
  routes: (scope, { db, files, links, config, log }) =>
    registerPageViewRoutes(
      scope,
      createPageViewService({
        db,
        files,
        links,
        commands: {
          pdftoppmCommand: config.ocr.pdftoppmCommand,
          pdftotextCommand: config.ocr.pdftotextCommand,
          libreOfficeCommand: config.libreOfficeCommand,
        },
        lowConfidenceThreshold: config.ocr.lowConfidenceThreshold,
        log,
      }),
    ),
};
