import { LIVE_AUDIO_MAX_CHUNK_BYTES } from './liveAudioSamples.js';

/** What the live-transcription socket tells the browser (transcription_error), beyond the HTTP calls' messages. */
export const LIVE_TRANSCRIPTION_MESSAGES = {
  /** TRN-03, verbatim: a final segment could not be stored in the draft. */
  saveFailed: 'Failed to save transcription',
  notRunning: 'No live transcription is running. Press Start to record.',
  couldNotStart: 'Live transcription could not start. Please try again.',
  failed: 'Live transcription failed on the server. Please try again.',
  serverStopping: 'Live transcription stopped: the server is shutting down',
  audioTooFast:
    'Audio arrived much faster than it can be spoken, so the recording was stopped to protect the server',
  audioChunkTooLarge: `Audio arrived in pieces larger than ${LIVE_AUDIO_MAX_CHUNK_BYTES / 1024} KB, so the recording was stopped`,
  audioUnreadable: 'Audio must arrive as 16-bit PCM, so the recording was stopped',
} as const;
