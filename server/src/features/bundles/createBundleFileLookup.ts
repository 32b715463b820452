import type { Queryable } from '../../db/Database.js';
import type { DownloadableFileLookup } from '../downloads/registerFileRoutes.js';
import { createBundleRepository } from './bundleRepository.js';

/** Finished record bundles, for signed downloads. */
export function createBundleFileLookup(db: Queryable): DownloadableFileLookup {
  const bundles = createBundleRepository(db);
  return async (storageKey) => {
    const bundle = await bundles.findByStorageKey(storageKey);
    return bundle
      ? {
          filename: bundle.filename,
          contentType: 'application/pdf',
          patientId: bundle.patientId,
          documentId: null,
        }
      : null;
  };
}
