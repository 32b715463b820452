import type { Migration } from './Migration.js';

/**
 * What the chronology now says of each event and of the dates it could not read. Kinds gain the UK ones an expert
 * expects (an emergency attendance, a missed appointment, a referral, a discharge). `planned` marks care planned,
 * not given (a review "on or around" a date); `alternative_date` is the other reading of a date whose document
 * cannot tell day from month ("day and month may be swapped"). `chronology_unread_dates` lists the numeric dates no
 * reading makes a real day, with their page, so that none is dropped without a word.
 */
export const m016ChronologyFlags: Migration = {
  version: 16,
  name: 'chronology flags',
  sql: `
ALTER TABLE chronology_events DROP CONSTRAINT chronology_events_kind_check;
ALTER TABLE chronology_events ADD CONSTRAINT chronology_events_kind_check CHECK (kind IN ('consultation',
  'emergency attendance', 'missed appointment', 'referral', 'imaging', 'operation', 'admission', 'discharge',
  'prescription', 'therapy', 'test result', 'correspondence', 'other'));
ALTER TABLE chronology_events ADD COLUMN planned boolean NOT NULL DEFAULT false;
ALTER TABLE chronology_events ADD COLUMN alternative_date date;

CREATE TABLE chronology_unread_dates (
  patient_id integer NOT NULL REFERENCES patients (id) ON DELETE CASCADE,
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  page integer NOT NULL CHECK (page >= 1),
  date_text text NOT NULL,
  passage text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (patient_id, position)
);
CREATE INDEX chronology_unread_dates_document ON chronology_unread_dates (document_id);
`,
};
