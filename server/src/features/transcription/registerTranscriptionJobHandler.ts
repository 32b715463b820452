import { JOB_TYPES } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { StoredFileMissingError, type FileStore } from '../../platform/files/FileStore.js';
import {
  isJobInterrupted,
  JobFailedError,
  type JobContext,
  type JobQueue,
  type JobStepDeclaration,
} from '../jobs/JobQueue.js';
import { stepTimeLimitMs } from '../jobs/stepTimeLimits.js';
import { AudioDecodeError, type SpeechRecognizer } from '../../platform/speech/SpeechRecognizer.js';
import { detectAudioType, type AudioType } from './detectAudioType.js';
import { createMyWordsRepository } from './myWordsRepository.js';
import { createTranscriptionRepository } from './transcriptionRepository.js';

/** The steps of an audio transcription job, in order; recognition is most of the time. */
export const AUDIO_TRANSCRIPTION_STEPS: JobStepDeclaration[] = [
  { name: 'decode', description: 'Reading the uploaded audio', weight: 0.2 },
  { name: 'recognise', description: 'Recognising the speech', weight: 5 },
  { name: 'save', description: 'Saving the transcription', weight: 0.2 },
];

/** The job's input_data, as the upload writes it. */
export interface AudioTranscriptionInput {
  filename: string;
  file_size_mb: number;
  patient_id: number;
  transcription_type_id: number;
  storage_key: string;
}

export interface TranscriptionJobDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  speech: SpeechRecognizer;
}

interface Recognised {
  text: string;
  words: number;
  duration_seconds: number;
  /** Absent from the stored step of a job that recognised before segments were counted. */
  segments?: number;
}

/** How often, during recognition, the job looks for a cancel request. */
const CANCEL_CHECK_INTERVAL_MS = 2_000;

function inputOf(job: JobContext): AudioTranscriptionInput {
  const input = job.inputData as Partial<AudioTranscriptionInput>;
  if (
    typeof input.storage_key !== 'string' ||
    typeof input.patient_id !== 'number' ||
    typeof input.transcription_type_id !== 'number'
  ) {
    throw new Error('An audio transcription job needs storage_key, patient_id and transcription_type_id');
  }
  return {
    filename: typeof input.filename === 'string' ? input.filename : 'audio',
    file_size_mb: typeof input.file_size_mb === 'number' ? input.file_size_mb : 0,
    patient_id: input.patient_id,
    transcription_type_id: input.transcription_type_id,
    storage_key: input.storage_key,
  };
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** mm:ss (or h:mm:ss) of audio, for the progress line. */
function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

/**
 * Recognises the file with progress by audio time. A cancel request, looked for every few seconds, aborts the
 * recogniser; so does the job's own signal (lease lost, server stopping), after which the queue resumes the job.
 */
async function recognise(
  job: JobContext,
  speech: SpeechRecognizer,
  audioPath: string,
  vocabulary: readonly string[],
): Promise<Recognised> {
  const cancel = new AbortController();
  let cancelled: unknown = null;
  let lastCheck = Date.now();
  const onProgress = async (fraction: number) => {
    await job.progress(fraction * 100, `Recognising the speech: ${Math.floor(fraction * 100)}% of the audio`);
    if (Date.now() - lastCheck < CANCEL_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    try {
      await job.throwIfCancelled();
    } catch (error) {
      cancelled = error;
      cancel.abort(error);
    }
  };
  try {
    const segments = await speech.transcribeFile(audioPath, {
      vocabulary,
      onProgress,
      signal: AbortSignal.any([job.signal, cancel.signal]),
    });
    const text = segments
      .map((segment) => segment.text.trim())
      .filter((line) => line !== '')
      .join(' ');
    const duration = segments.reduce((end, segment) => Math.max(end, segment.endSeconds), 0);
    return {
      text,
      words: countWords(text),
      duration_seconds: Math.round(duration * 10) / 10,
      segments: segments.filter((segment) => segment.text.trim() !== '').length,
    };
  } catch (error) {
    if (cancelled) throw cancelled;
    throw error;
  }
}

/**
 * The audio-transcription job (JOB_TYPES.AUDIO_TRANSCRIPTION): reads the uploaded audio from the store, recognises
 * it (progress by audio time), then stores the text as an Incomplete transcription of the patient (source
 * 'upload'), once per job: a job resumed after a crash finds the row its first run wrote. Each step's result is
 * stored, so a resumed job does not recognise again. Patient audio is not kept longer than needed: the stored
 * file is deleted once the job has ended, whether it completed, failed or was cancelled — but not when the job
 * was only interrupted (lease lost, server stopping), since it is then resumed and needs it.
 */
export function registerTranscriptionJobHandler(jobs: JobQueue, deps: TranscriptionJobDeps): void {
  const { db, files, speech } = deps;
  jobs.registerHandler(JOB_TYPES.AUDIO_TRANSCRIPTION, async (job) => {
    const input = inputOf(job);
    try {
      const saved = await files.withLocalFile(input.storage_key, async (audioPath) => {
        const audioType = await job.step<AudioType>('decode', async () => {
          const type = await detectAudioType(audioPath);
          if (!type)
            throw new AudioDecodeError(`${input.filename} is not an audio file this server can read`);
          await job.log(
            'info',
            `Reading ${input.filename} (${type.toUpperCase()}, ${input.file_size_mb} MB)`,
          );
          return type;
        });
        const limit = { timeLimitMs: stepTimeLimitMs('audioRecognition', input.file_size_mb) };
        const recognised = await job.step<Recognised>('recognise', limit, async () => {
          // The uploader's own words, as for their live dictation.
          const vocabulary = await createMyWordsRepository(db).vocabularyOf(job.userId);
          const result = await recognise(job, speech, audioPath, vocabulary);
          await job.log(
            'info',
            `Recognised ${result.words} word(s) in ${clockOf(result.duration_seconds)} of ${audioType.toUpperCase()} audio`,
          );
          return result;
        });
        return job.step('save', async () => {
          await job.throwIfCancelled();
          const transcriptionId = await createTranscriptionRepository(db).insertOfJob({
            patientId: input.patient_id,
            typeId: input.transcription_type_id,
            userId: job.userId,
            jobId: job.id,
            text: recognised.text,
            durationSeconds: recognised.duration_seconds,
            segmentCount: recognised.segments ?? 0,
            now: deps.clock(),
          });
          await job.log(
            'info',
            `Saved as transcription ${transcriptionId} (Incomplete: review it, then complete it)`,
          );
          return {
            transcription_id: transcriptionId,
            words: recognised.words,
            duration_seconds: recognised.duration_seconds,
          };
        });
      });
      // Not `processing_result`: the contract's job answer declares that as the documents' result (chunks_created).
      return { transcription_result: saved };
    } catch (error) {
      if (error instanceof StoredFileMissingError) {
        throw new JobFailedError(
          `The uploaded audio of ${input.filename} is no longer stored; please upload it again`,
          { cause: error },
        );
      }
      // Its message is the product's reason (not audio, or what ffmpeg could not decode).
      if (error instanceof AudioDecodeError) throw new JobFailedError(error.message, { cause: error });
      throw error;
    } finally {
      if (!isJobInterrupted(job)) await files.remove(input.storage_key);
    }
  });
}
