import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { FileStore } from '../files/FileStore.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import type { SpeechRecognizer } from '../speech/SpeechRecognizer.js';

export interface TranscriptionJobDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  speech: SpeechRecognizer;
}

/** The audio-transcription job (JOB_TYPES.AUDIO_TRANSCRIPTION). Ground only: the transcription helper builds it. */
export function registerTranscriptionJobHandler(_jobs: JobQueue, _deps: TranscriptionJobDeps): void {}
