import type { FeatureModule } from '../FeatureModule.js';
import { createDocumentPurgers } from './createDocumentPurgers.js';
import { createDocumentService } from './createDocumentService.js';
import { createDownloadableFileLookup } from './createDownloadableFileLookup.js';
import { ocrAvailabilityOf } from './ocr/ocrAvailability.js';
import { processingCapabilitiesOf } from './processingCapabilitiesOf.js';
import { registerDocumentJobHandlers } from './registerDocumentJobHandlers.js';
import { registerDocumentRoutes } from './registerDocumentRoutes.js';

/** A patient's documents: upload, processing (text, OCR, embeddings) as jobs, and their downloads. */
export const documentsFeature: FeatureModule = {
  name: 'documents',
  purgers: ({ db, files, log }) => createDocumentPurgers({ db, files, log }),
  jobHandlers: ({ jobs, db, clock, files, config, embeddings, log }) => {
    // Scanned pages are read by OCR when tesseract and pdftoppm are installed; without them processing still completes.
    const ocrAvailability = ocrAvailabilityOf(config.ocr);
    if (!ocrAvailability.available && ocrAvailability.installCommand) {
      log.warn(
        `${ocrAvailability.message}: scanned pages will not be read (${ocrAvailability.installCommand})`,
      );
    }
    registerDocumentJobHandlers(jobs, {
      db,
      clock,
      files,
      libreOfficeCommand: config.libreOfficeCommand,
      embeddings,
      ocr: {
        availability: ocrAvailability,
        concurrency: config.ocr.concurrency,
        lowConfidenceThreshold: config.ocr.lowConfidenceThreshold,
      },
    });
  },
  fileLookup: ({ db }) => createDownloadableFileLookup(db),
  routes: (scope, { db, clock, files, links, jobs, config }) =>
    registerDocumentRoutes(scope, {
      documents: createDocumentService({
        db,
        clock,
        files,
        links,
        jobs,
        maxUploadBytes: config.documentMaxUploadBytes,
        capabilities: processingCapabilitiesOf(config.ocr, config.libreOfficeCommand),
      }),
      maxUploadBytes: config.documentMaxUploadBytes,
    }),
};
