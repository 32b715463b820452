import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { AiProvider } from '../ai/AiProvider.js';
import type { EmbeddingProvider } from '../documents/EmbeddingProvider.js';
import type { DraftReportWriter } from '../generated-reports/DraftReportWriter.js';
import type { JobQueue } from '../jobs/JobQueue.js';

export interface DraftReportJobDeps {
  db: Database;
  clock: Clock;
  ai: AiProvider | null;
  embeddings: EmbeddingProvider | null;
  writer: DraftReportWriter;
}

/** The draft-report job (ground: the handler is built by the draft-reports work). */
export function registerDraftReportJobHandler(_jobs: JobQueue, _deps: DraftReportJobDeps): void {}
