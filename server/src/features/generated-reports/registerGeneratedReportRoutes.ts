import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { DownloadLinks } from '../files/createDownloadLinks.js';
import type { FileStore } from '../files/FileStore.js';

export interface GeneratedReportRouteDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  links: DownloadLinks;
}

/** The generated documents calls (ground: built by the generated-reports work). */
export function registerGeneratedReportRoutes(_app: ApiInstance, _deps: GeneratedReportRouteDeps): void {}
