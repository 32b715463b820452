import type { Migration } from './Migration.js';

/**
 * A group's words for the recogniser (the practice's hospitals, surgeons and usual drugs), kept by its group
 * administrators and added to the vocabulary of every member's dictation beside their own words.
 */
export const m021GroupSpeechVocabulary: Migration = {
  version: 21,
  name: 'group speech vocabulary',
  sql: `
CREATE TABLE group_speech_vocabulary (
  group_id integer PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  words jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);
`,
};
