import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../files/FileStore.js';
import type { DraftReportWriter } from './DraftReportWriter.js';

export interface DraftReportWriterDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

/** Ground: the writer is built by the generated-reports work. */
export function createDraftReportWriter(_deps: DraftReportWriterDeps): DraftReportWriter {
  return {
    write: () => Promise.reject(new Error('The draft report writer is not built yet')),
  };
}
