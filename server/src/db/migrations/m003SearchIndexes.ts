import type { Migration } from './Migration.js';

/**
 * Indexes that keep patient search fast at 100,000 patients in a group:
 * - `search_text`, one lower-cased text per patient holding what the simple search matches ("first surname",
 *   "surname first" and the MRN, separated by U+001F so that no term of the user spans two of them), with a
 *   trigram index for `LIKE '%term%'`. A term of one or two letters has no trigram and reads the stored column
 *   instead, which is still a fraction of the cost of lower-casing five expressions per row;
 * - a trigram index on each column the advanced search filters with `ILIKE '%term%'`;
 * - the name order both searches answer in, so that a term matching thousands of patients reads its page off the
 *   index instead of sorting every match;
 * - the duplicate check's index on exactly the expressions its query compares (`lower(btrim(..))`).
 * The trigram indexes take each new row at once (`fastupdate = off`): otherwise new rows wait in a pending list that
 * every search reads from end to end, and that only (auto)vacuum empties, which PGlite never runs.
 */
export const m003SearchIndexes: Migration = {
  version: 3,
  name: 'search_indexes',
  sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE patients ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(first_name || ' ' || surname || E'\\x1f' || surname || ' ' || first_name || E'\\x1f' || mrn)
) STORED;
CREATE INDEX patients_search_text_trgm ON patients USING gin (search_text gin_trgm_ops) WITH (fastupdate = off);

CREATE INDEX patients_first_name_trgm ON patients USING gin (first_name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_surname_trgm ON patients USING gin (surname gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_mrn_trgm ON patients USING gin (mrn gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_solicitor_name_trgm ON patients USING gin (solicitor_name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_solicitor_company_trgm ON patients USING gin (solicitor_company gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX patients_solicitor_reference_trgm ON patients USING gin (solicitor_reference gin_trgm_ops) WITH (fastupdate = off);

CREATE INDEX patients_name_order ON patients (group_id, lower(surname), lower(first_name), id);

DROP INDEX patients_identity;
CREATE INDEX patients_identity ON patients (group_id, lower(btrim(first_name)), lower(btrim(surname)), date_of_birth);
`,
};
