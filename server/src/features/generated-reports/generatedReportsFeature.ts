import type { FeatureModule } from '../FeatureModule.js';
import { createDraftReportWriter } from './createDraftReportWriter.js';
import { createGeneratedReportFileLookup } from './createGeneratedReportFileLookup.js';
import { createGeneratedReportPurger } from './createGeneratedReportPurger.js';
import { createGeneratedReportService } from './createGeneratedReportService.js';
import { registerGeneratedReportRoutes } from './registerGeneratedReportRoutes.js';

/** The Word reports written from drafts; the draft-report job writes them through the writer provided here. */
export const generatedReportsFeature: FeatureModule = {
  name: 'generated-reports',
  provides: ({ db, clock, files }) => ({ draftReportWriter: createDraftReportWriter({ db, clock, files }) }),
  purgers: ({ db, files, log }) => [createGeneratedReportPurger({ db, files, log })],
  fileLookup: ({ db }) => createGeneratedReportFileLookup(db),
  routes: (scope, { db, files, links }) =>
    registerGeneratedReportRoutes(scope, { reports: createGeneratedReportService({ db, files, links }) }),
};
