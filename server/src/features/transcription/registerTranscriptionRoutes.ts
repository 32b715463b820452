import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { ApiInstance } from '../../http/ApiInstance.js';
import type { AiProvider } from '../ai/AiProvider.js';
import type { FileStore } from '../files/FileStore.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import type { SpeechRecognizer } from '../speech/SpeechRecognizer.js';

export interface TranscriptionRouteDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  jobs: JobQueue;
  ai: AiProvider | null;
  speech: SpeechRecognizer;
  /** The AI time-out for the summarize calls. */
  answerTimeoutMs: number;
}

/** The HTTP calls of part 3 §7 "Transcription". Ground only: the transcription helper builds them. */
export async function registerTranscriptionRoutes(
  _app: ApiInstance,
  _deps: TranscriptionRouteDeps,
): Promise<void> {}
