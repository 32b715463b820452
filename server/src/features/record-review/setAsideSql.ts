/**
 * SQL shared by every reader of a patient's records. A document set aside as a copy stays stored and listed, but
 * record answers, the chronology and the bundle read only the documents this condition keeps.
 */
export const notSetAside = (documentAlias: string) => `${documentAlias}.set_aside_as_copy_of IS NULL`;

/** The patient's ($1) set-aside documents as one value: a fingerprint that changes when one is set aside or restored. */
export const SET_ASIDE_FINGERPRINT_SQL = `(SELECT coalesce(string_agg(id::text, ',' ORDER BY id), '') FROM documents
   WHERE patient_id = $1 AND set_aside_as_copy_of IS NOT NULL)`;
