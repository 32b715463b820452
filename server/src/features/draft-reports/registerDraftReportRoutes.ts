import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { JobQueue } from '../jobs/JobQueue.js';

export interface DraftReportRouteDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
}

/** The draft-report calls (ground: the routes are built by the draft-reports work). */
export function registerDraftReportRoutes(_app: ApiInstance, _deps: DraftReportRouteDeps): void {}
