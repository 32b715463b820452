/**
 * The speech-recognition seam (ARCH-05). The default recognises on this server with Debian's
 * pocketsphinx in a long-lived python3 worker per live stream, so patient audio never leaves it; an OpenAI-compatible
 * transcription endpoint is the configured alternative. Audio reaches a recogniser as 16 kHz mono 16-bit PCM
 * (RECOGNIZER_SAMPLE_RATE_HZ): live streams are resampled on the way in, files are decoded by ffmpeg.
 */

/** The rate every recogniser hears. */
export const RECOGNIZER_SAMPLE_RATE_HZ = 16_000;

/** Whether recognition works here, and if not why and how to make it work. */
export interface SpeechAvailability {
  available: boolean;
  /** e.g. "pocketsphinx (offline, on this server)". */
  name: string;
  /** What the screens show, e.g. "Speech recognition is not installed on the server". */
  message: string;
  /** The command that installs what is missing; null when nothing is missing or no command would help. */
  installCommand: string | null;
  /** False when the audio is sent to a configured endpoint rather than recognised here. */
  onServer: boolean;
  /** Uploaded audio files can be read (ffmpeg is installed); live dictation does not need it. */
  readsFiles: boolean;
}

/** A stretch of recognised speech. */
export interface RecognizedSegment {
  text: string;
  /** 0–1, or null when the recogniser gives none. */
  confidence: number | null;
  /** Seconds from the start of the audio. */
  startSeconds: number;
  endSeconds: number;
}

/** What a live stream reports as it hears speech. */
export interface LiveRecognitionListener {
  /** The utterance in progress so far (replaces the previous partial). */
  onPartial(text: string, confidence: number | null): void;
  /** An utterance ended (a pause, the 15 s cap, or flush): its final text. Empty utterances are not reported. */
  onFinal(segment: RecognizedSegment): void;
  /** The recogniser failed; the stream is over. */
  onError(error: Error): void;
}

/** One live stream: PCM in, partials and finals out (through its listener). */
export interface LiveRecognition {
  /** Queues mono samples at the stream's rate. */
  write(samples: Int16Array): void;
  /** Ends the utterance in progress now (pause, stop) and resolves once its final, if any, has been reported. */
  flush(): Promise<void>;
  /** Flushes, then releases the worker. Idempotent. */
  close(): Promise<void>;
}

export interface LiveRecognitionOptions {
  /** The rate of the samples written. */
  sampleRate: number;
  /** The speaker's own words (drug names, hospitals, surgeons) added to what the recogniser knows. */
  vocabulary?: readonly string[];
}

export interface FileRecognitionOptions {
  /** The uploader's own words, added to what the recogniser knows. */
  vocabulary?: readonly string[];
  /** 0–1 as the audio is read. */
  onProgress(fraction: number): void | Promise<void>;
  signal: AbortSignal;
}

export interface SpeechRecognizer {
  availability(): SpeechAvailability;
  /**
   * A live stream of mono 16-bit samples at `sampleRate` (the browser's, resampled here to what the recogniser
   * hears); throws SpeechUnavailableError when recognition does not work here or too many streams run.
   */
  startLive(listener: LiveRecognitionListener, options: LiveRecognitionOptions): LiveRecognition;
  /** The speech of an audio file of any accepted format (MP3, WAV, M4A, AAC, OGG, WebM), in order. */
  transcribeFile(inputPath: string, options: FileRecognitionOptions): Promise<RecognizedSegment[]>;
  /** Stops every worker (server shutdown). */
  close(): Promise<void>;
}

/** Recognition cannot start: not installed, turned off, or at its stream limit. The message is for the user. */
export class SpeechUnavailableError extends Error {
  override name = 'SpeechUnavailableError';
  constructor(
    message: string,
    readonly installCommand: string | null = null,
  ) {
    super(message);
  }
}

/** An audio file could not be decoded (not audio, damaged, or a format ffmpeg does not read). */
export class AudioDecodeError extends Error {
  override name = 'AudioDecodeError';
}
