import { AUTHORING_DOCX_MAX_BYTES } from '@ewrt/contract';
import type { FeatureModule } from '../FeatureModule.js';
import { createAuthoringDocumentService } from './createAuthoringDocumentService.js';
import { createAuthoringFileLookup } from './createAuthoringFileLookup.js';
import { registerAuthoringDocumentRoutes } from './registerAuthoringDocumentRoutes.js';

/** The Word templates and documents users upload for report writing. */
export const authoringDocumentsFeature: FeatureModule = {
  name: 'authoring-documents',
  fileLookup: ({ db }) => createAuthoringFileLookup(db),
  routes: (scope, { db, clock, files, links }) =>
    registerAuthoringDocumentRoutes(scope, {
      documents: createAuthoringDocumentService({
        db,
        clock,
        files,
        links,
        maxUploadBytes: AUTHORING_DOCX_MAX_BYTES,
      }),
      maxUploadBytes: AUTHORING_DOCX_MAX_BYTES,
    }),
};
