import type { Migration } from './Migration.js';

/**
 * What a typist needs to finish a dictation: an uploaded recording keeps its length and how many stretches of
 * speech it was recognised as, so the Live Transcription screen's summary shows them when it is loaded there; and
 * each user's own words (drug names, hospitals, surgeons) that the recogniser adds to its vocabulary for them.
 */
export const m018DictationCorrections: Migration = {
  version: 18,
  name: 'dictation corrections',
  sql: `
ALTER TABLE transcriptions ADD COLUMN duration_seconds real CHECK (duration_seconds >= 0);
ALTER TABLE transcriptions ADD COLUMN segment_count integer CHECK (segment_count >= 0);

CREATE TABLE speech_vocabulary (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  words jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL
);
`,
};
