import type { Migration } from './Migration.js';

/**
 * What a bundle's index listed as duplicates omitted (the copies set aside when it was made), so the screen shows
 * the same index as the PDF after copies are set aside or restored.
 */
export const m020BundleOmittedDuplicates: Migration = {
  version: 20,
  name: 'bundle omitted duplicates',
  sql: `
ALTER TABLE record_bundles ADD COLUMN omitted_duplicates jsonb NOT NULL DEFAULT '[]'::jsonb;
`,
};
