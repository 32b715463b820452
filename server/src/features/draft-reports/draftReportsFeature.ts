import type { FeatureModule } from '../FeatureModule.js';
import { createDraftReportService } from './createDraftReportService.js';
import { registerDraftReportJobHandler } from './registerDraftReportJobHandler.js';
import { registerDraftReportRoutes } from './registerDraftReportRoutes.js';

/** Draft reports written section by section as a job, from the records, a prompt set or a structured template. */
export const draftReportsFeature: FeatureModule = {
  name: 'draft-reports',
  jobHandlers: ({ jobs, db, clock, languageModel, embeddings, services }) =>
    registerDraftReportJobHandler(jobs, {
      db,
      clock,
      ai: languageModel,
      embeddings,
      writer: services.draftReportWriter,
    }),
  routes: (scope, { db, clock, jobs, services }) =>
    registerDraftReportRoutes(scope, {
      drafts: createDraftReportService({
        db,
        clock,
        jobs,
        structuredTemplates: services.structuredTemplates,
      }),
    }),
};
