import type { Migration } from './Migration.js';

/**
 * A copy of a letter that the expert set aside ("keep this one"): it stays stored and listed, but record answers,
 * the chronology and the bundle leave it out. Deleting the kept document brings its copies back into the records.
 */
export const m019RecordReview: Migration = {
  version: 19,
  name: 'record review',
  sql: `
ALTER TABLE documents ADD COLUMN set_aside_as_copy_of integer REFERENCES documents (id) ON DELETE SET NULL;
ALTER TABLE documents ADD COLUMN set_aside_similarity real CHECK (set_aside_similarity BETWEEN 0 AND 1);
ALTER TABLE documents ADD COLUMN set_aside_at timestamptz;
ALTER TABLE documents ADD COLUMN set_aside_by integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX documents_set_aside ON documents (set_aside_as_copy_of) WHERE set_aside_as_copy_of IS NOT NULL;
`,
};
