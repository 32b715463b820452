import { createLiveStreamLimit } from './createLiveStreamLimit.js';
import { SERVER_STOPPING_MESSAGE } from './createPocketsphinxRecognizer.js';
import { createProgressThrottle } from './createProgressThrottle.js';
import { createResampler } from './createResampler.js';
import { createUtteranceSegmenter, type SegmenterEvent } from './createUtteranceSegmenter.js';
import { decodeAudioFile, requireFfmpeg } from './decodeAudioFile.js';
import { encodeWav } from './encodeWav.js';
import { joinSamples } from './joinSamples.js';
import { liveRecognitionHandle } from './liveRecognitionHandle.js';
import {
  RECOGNIZER_SAMPLE_RATE_HZ,
  SpeechUnavailableError,
  type LiveRecognition,
  type RecognizedSegment,
  type SpeechRecognizer,
} from './SpeechRecognizer.js';

export interface OpenAiSpeechSettings {
  endpoint: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };
  /** Null: live dictation works, audio files cannot be read. */
  ffmpegCommand: string | null;
  maxLiveStreams: number;
  /** The command that installs ffmpeg, named when a file arrives without it. */
  installCommand: string;
}

/** Transcription endpoints take about 25 MB: ten minutes of 16 kHz 16-bit mono is 19.2 MB. */
const MAX_CHUNK_SAMPLES = 10 * 60 * RECOGNIZER_SAMPLE_RATE_HZ;
/** Kept before a silence-only stretch is dropped: an utterance's lead-in reaches back 0.3 s before it is heard. */
const KEPT_BEFORE_SPEECH_SAMPLES = RECOGNIZER_SAMPLE_RATE_HZ;
const ERROR_DETAIL_LENGTH = 200;

/** The endpoint's words, with the key taken out should it echo it (some say "Incorrect API key provided: sk-…"). */
function redacted(text: string, apiKey: string | null): string {
  return apiKey ? text.split(apiKey).join('[key]') : text;
}

/** What an endpoint answers: `text` on success, `error` (OpenAI's object, or a string) on failure. */
type TranscriptionAnswer = { text?: unknown; error?: { message?: unknown } | string } | null;

/** Posts one WAV to `${baseUrl}/audio/transcriptions` and answers its text. */
async function transcribeWav(
  endpoint: OpenAiSpeechSettings['endpoint'],
  wav: Buffer,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
  form.append('model', endpoint.model);
  form.append('response_format', 'json');
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let status: number;
  let body: string;
  try {
    const response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {},
      signal: combined,
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new Error(
        `The speech endpoint did not answer within ${Math.round(endpoint.timeoutMs / 1000)} s`,
        {
          cause: error,
        },
      );
    }
    const reason =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new Error(`The speech endpoint could not be reached: ${redacted(reason, endpoint.apiKey)}`, {
      cause: error,
    });
  }
  let parsed: TranscriptionAnswer | null = null;
  try {
    parsed = JSON.parse(body) as TranscriptionAnswer;
  } catch {
    // Not JSON: an error page, or a proxy's; said below by status and opening words.
  }
  if (status < 200 || status >= 300) {
    const detail =
      typeof parsed?.error === 'string'
        ? parsed.error
        : typeof parsed?.error?.message === 'string'
          ? parsed.error.message
          : body;
    throw new Error(
      `The speech endpoint answered ${status}: ${redacted(detail, endpoint.apiKey).slice(0, ERROR_DETAIL_LENGTH)}`,
    );
  }
  if (typeof parsed?.text !== 'string') throw new Error('The speech endpoint answered without a transcript');
  return parsed.text.trim();
}

/** Audio of a file from a moving start, by absolute sample index. */
function createPcmRecording() {
  let pieces: Int16Array[] = [];
  let start = 0;
  let end = 0;
  return {
    get end() {
      return end;
    },
    append(samples: Int16Array) {
      pieces.push(samples);
      end += samples.length;
    },
    slice(from: number, to: number): Int16Array {
      return joinSamples(pieces).slice(from - start, to - start);
    },
    dropBefore(index: number) {
      while (pieces.length > 0 && start + pieces[0]!.length <= index) {
        start += pieces[0]!.length;
        pieces = pieces.slice(1);
      }
    },
  };
}

/**
 * Speech sent to an OpenAI-compatible transcription endpoint: live utterances (cut by the same detector as
 * pocketsphinx's) each as a WAV, finals only; files in chunks of at most ten minutes cut at pauses.
 */
export function createOpenAiSpeechRecognizer(settings: OpenAiSpeechSettings): SpeechRecognizer {
  const { endpoint } = settings;
  const limit = createLiveStreamLimit(settings.maxLiveStreams);
  const everything = new AbortController();
  const availability = {
    available: true,
    name: `${endpoint.model} at ${new URL(endpoint.baseUrl).host} (speech endpoint)`,
    message: settings.ffmpegCommand
      ? 'Speech recognition is available'
      : 'Live dictation works; uploaded audio files cannot be read until ffmpeg is installed',
    installCommand: settings.ffmpegCommand ? null : settings.installCommand,
    onServer: false,
    readsFiles: settings.ffmpegCommand !== null,
  };

  function startLive(
    listener: Parameters<SpeechRecognizer['startLive']>[0],
    options: { sampleRate: number },
  ): LiveRecognition {
    if (everything.signal.aborted) throw new SpeechUnavailableError(SERVER_STOPPING_MESSAGE);
    const resampler = createResampler(options.sampleRate, RECOGNIZER_SAMPLE_RATE_HZ);
    const release = limit.acquire();
    const segmenter = createUtteranceSegmenter();
    let utteranceAudio: Int16Array[] = [];
    let utteranceStart = 0;
    let over = false;
    // Utterances are sent one after another, so their finals arrive in the order they were spoken.
    let sent: Promise<void> = Promise.resolve();

    function fail(error: unknown): void {
      if (over) return;
      over = true;
      release();
      listener.onError(error instanceof Error ? error : new Error(String(error)));
    }

    function apply(events: SegmenterEvent[]): void {
      for (const event of events) {
        if (event.type === 'start') {
          utteranceAudio = [];
          utteranceStart = event.startSeconds;
        } else if (event.type === 'audio') {
          utteranceAudio.push(event.samples);
        } else {
          const wav = encodeWav(joinSamples(utteranceAudio), RECOGNIZER_SAMPLE_RATE_HZ);
          const segment = { startSeconds: utteranceStart, endSeconds: event.endSeconds };
          utteranceAudio = [];
          sent = sent.then(async () => {
            if (over) return;
            try {
              const text = await transcribeWav(endpoint, wav, everything.signal);
              if (text && !over) listener.onFinal({ text, confidence: null, ...segment });
            } catch (error) {
              fail(everything.signal.aborted ? new SpeechUnavailableError(SERVER_STOPPING_MESSAGE) : error);
            }
          });
        }
      }
    }

    return liveRecognitionHandle({
      resampler,
      segmenter,
      isOver: () => over,
      apply,
      settled: () => sent,
      finish() {
        over = true;
        release();
      },
    });
  }

  async function transcribeFile(
    inputPath: string,
    options: Parameters<SpeechRecognizer['transcribeFile']>[1],
  ): Promise<RecognizedSegment[]> {
    const ffmpegCommand = requireFfmpeg(settings);
    const signal = AbortSignal.any([options.signal, everything.signal]);
    const progress = createProgressThrottle(options.onProgress);
    const recording = createPcmRecording();
    const segmenter = createUtteranceSegmenter();
    const segments: RecognizedSegment[] = [];
    let durationSeconds: number | null = null;
    let chunkStart = 0;
    let speechInChunk = false;
    /** Where utterances ended, not yet sent: where a chunk may be cut without splitting a word. */
    let pauses: number[] = [];

    async function send(to: number): Promise<void> {
      const text = await transcribeWav(
        endpoint,
        encodeWav(recording.slice(chunkStart, to), RECOGNIZER_SAMPLE_RATE_HZ),
        signal,
      );
      if (text) {
        segments.push({
          text,
          confidence: null,
          startSeconds: chunkStart / RECOGNIZER_SAMPLE_RATE_HZ,
          endSeconds: to / RECOGNIZER_SAMPLE_RATE_HZ,
        });
      }
      chunkStart = to;
      recording.dropBefore(chunkStart);
      if (durationSeconds) await progress(to / RECOGNIZER_SAMPLE_RATE_HZ / durationSeconds);
    }

    function hear(events: SegmenterEvent[]): void {
      for (const event of events) {
        if (event.type === 'start') speechInChunk = true;
        if (event.type === 'end') pauses.push(Math.round(event.endSeconds * RECOGNIZER_SAMPLE_RATE_HZ));
      }
    }

    try {
      const audio = decodeAudioFile(ffmpegCommand, inputPath, {
        signal,
        onDuration: (seconds) => (durationSeconds = seconds),
      });
      for await (const samples of audio) {
        recording.append(samples);
        hear(segmenter.push(samples));
        if (recording.end - chunkStart <= MAX_CHUNK_SAMPLES) continue;
        if (!speechInChunk) {
          // Nothing said in ten minutes: nothing to send.
          chunkStart = recording.end - KEPT_BEFORE_SPEECH_SAMPLES;
          recording.dropBefore(chunkStart);
          pauses = [];
          continue;
        }
        // The decoder's blocks overshoot the limit: the last pause within it, not merely the last one heard.
        const limit = chunkStart + MAX_CHUNK_SAMPLES;
        const pause = pauses.filter((at) => at > chunkStart && at <= limit).at(-1);
        const cut = pause ?? limit;
        await send(cut);
        pauses = pauses.filter((at) => at > cut);
        // What is left holds speech when an utterance runs on, the cut was not at a pause, or one ended after it.
        speechInChunk = segmenter.inUtterance || pause === undefined || pauses.length > 0;
      }
      hear(segmenter.endUtterance());
      if (speechInChunk) await send(recording.end);
      await progress(1);
      return segments;
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      if (everything.signal.aborted) throw new SpeechUnavailableError(SERVER_STOPPING_MESSAGE);
      throw error;
    }
  }

  return {
    availability: () => availability,
    startLive,
    transcribeFile,
    close() {
      everything.abort(new SpeechUnavailableError(SERVER_STOPPING_MESSAGE));
      return Promise.resolve();
    },
  };
}
