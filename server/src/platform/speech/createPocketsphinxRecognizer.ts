import { createLiveStreamLimit } from './createLiveStreamLimit.js';
import { createProgressThrottle } from './createProgressThrottle.js';
import { createResampler } from './createResampler.js';
import { createUtteranceSegmenter, type SegmenterEvent } from './createUtteranceSegmenter.js';
import { decodeAudioFile, requireFfmpeg } from './decodeAudioFile.js';
import { liveRecognitionHandle } from './liveRecognitionHandle.js';
import {
  RECOGNIZER_SAMPLE_RATE_HZ,
  SpeechUnavailableError,
  type LiveRecognition,
  type RecognizedSegment,
  type SpeechAvailability,
  type SpeechRecognizer,
} from './SpeechRecognizer.js';
import {
  startPocketsphinxWorker,
  type PocketsphinxWorker,
  type PocketsphinxWorkerEvents,
} from './startPocketsphinxWorker.js';

export interface PocketsphinxRecognizerSettings {
  availability: SpeechAvailability;
  python3Command: string;
  /** Null: live dictation works, audio files cannot be read. */
  ffmpegCommand: string | null;
  maxLiveStreams: number;
  /** The command that installs ffmpeg, named when a file arrives without it. */
  installCommand: string;
  /** The generic en-us model alone, or mixed with the clinical one. */
  languageModel: 'clinical' | 'generic';
}

/**
 * A partial is asked for every 0.3 s of speech, and never while the previous one is still being decoded. Until the
 * first words are recognised it is asked for every 0.1 s: an empty partial shows nothing, and the first words on
 * the screen are what tells the user that dictation works.
 */
const PARTIAL_INTERVAL_SAMPLES = 0.3 * RECOGNIZER_SAMPLE_RATE_HZ;
const FIRST_PARTIAL_INTERVAL_SAMPLES = 0.1 * RECOGNIZER_SAMPLE_RATE_HZ;
export const SERVER_STOPPING_MESSAGE = 'Speech recognition stopped: the server is shutting down';

/** Speech recognised on this server by pocketsphinx, one python3 worker per live stream or audio file. */
export function createPocketsphinxRecognizer(settings: PocketsphinxRecognizerSettings): SpeechRecognizer {
  const limit = createLiveStreamLimit(settings.maxLiveStreams);
  const workers = new Set<PocketsphinxWorker>();
  let closed = false;

  function startWorker(
    events: PocketsphinxWorkerEvents,
    background: boolean,
    vocabulary: readonly string[] = [],
  ): PocketsphinxWorker {
    if (closed) throw new SpeechUnavailableError(SERVER_STOPPING_MESSAGE);
    const worker: PocketsphinxWorker = startPocketsphinxWorker(
      settings.python3Command,
      {
        onResult: (result) => events.onResult(result),
        onExit(error) {
          workers.delete(worker);
          events.onExit(error);
        },
      },
      { background, clinical: settings.languageModel === 'clinical', vocabulary },
    );
    workers.add(worker);
    return worker;
  }

  function startLive(
    listener: Parameters<SpeechRecognizer['startLive']>[0],
    options: Parameters<SpeechRecognizer['startLive']>[1],
  ): LiveRecognition {
    const resampler = createResampler(options.sampleRate, RECOGNIZER_SAMPLE_RATE_HZ);
    const release = limit.acquire();
    const segmenter = createUtteranceSegmenter();
    let over = false;
    let utterance = 0;
    let utteranceOpen = false;
    let samplesSincePartial = 0;
    let partialFor: number | null = null;
    let lastPartial = '';

    let worker: PocketsphinxWorker;
    try {
      worker = startWorker(
        {
          onResult(result) {
            if (result.type === 'partial') {
              const current = partialFor === utterance && utteranceOpen;
              partialFor = null;
              // A partial answered after its utterance ended is older than the final about to come.
              if (current && result.text && result.text !== lastPartial) {
                lastPartial = result.text;
                listener.onPartial(result.text, result.confidence);
              }
            } else if (result.text) {
              listener.onFinal({
                text: result.text,
                confidence: result.confidence,
                startSeconds: result.start,
                endSeconds: result.end,
              });
            }
          },
          onExit(error) {
            release();
            if (error && !over) {
              over = true;
              listener.onError(error);
            }
          },
        },
        false,
        options.vocabulary,
      );
    } catch (error) {
      release();
      throw error;
    }

    function apply(events: SegmenterEvent[]): void {
      for (const event of events) {
        if (event.type === 'start') {
          utterance += 1;
          utteranceOpen = true;
          lastPartial = '';
          samplesSincePartial = 0;
          worker.beginUtterance(event.startSeconds);
        } else if (event.type === 'audio') {
          worker.writeAudio(event.samples);
          samplesSincePartial += event.samples.length;
          const interval = lastPartial ? PARTIAL_INTERVAL_SAMPLES : FIRST_PARTIAL_INTERVAL_SAMPLES;
          if (samplesSincePartial >= interval && partialFor === null) {
            samplesSincePartial = 0;
            partialFor = utterance;
            worker.requestPartial();
          }
        } else {
          utteranceOpen = false;
          worker.endUtterance();
        }
      }
    }

    return liveRecognitionHandle({
      resampler,
      segmenter,
      isOver: () => over,
      apply,
      // When the worker ends before answering, the listener has already heard why (onError).
      settled: () => worker.settled().catch(() => undefined),
      async finish() {
        over = true;
        await worker.quit();
        release();
      },
    });
  }

  async function transcribeFile(
    inputPath: string,
    options: Parameters<SpeechRecognizer['transcribeFile']>[1],
  ): Promise<RecognizedSegment[]> {
    const ffmpegCommand = requireFfmpeg(settings);
    const { signal } = options;
    signal.throwIfAborted();
    const segments: RecognizedSegment[] = [];
    const worker = startWorker(
      {
        onResult(result) {
          if (result.type === 'final' && result.text) {
            segments.push({
              text: result.text,
              confidence: result.confidence,
              startSeconds: result.start,
              endSeconds: result.end,
            });
          }
        },
        // A failure surfaces through drained() and settled(), which reject with it.
        onExit: () => undefined,
      },
      true,
      options.vocabulary,
    );
    const onAbort = () => void worker.kill(new Error('The transcription was cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    const segmenter = createUtteranceSegmenter();
    const progress = createProgressThrottle(options.onProgress);
    let durationSeconds: number | null = null;

    function apply(events: SegmenterEvent[]): void {
      for (const event of events) {
        if (event.type === 'start') worker.beginUtterance(event.startSeconds);
        else if (event.type === 'audio') worker.writeAudio(event.samples);
        else worker.endUtterance();
      }
    }

    try {
      const audio = decodeAudioFile(ffmpegCommand, inputPath, {
        signal,
        onDuration: (seconds) => (durationSeconds = seconds),
      });
      for await (const samples of audio) {
        apply(segmenter.push(samples));
        // The pipe to the worker holds about two seconds: reading waits for the recogniser to keep up.
        await worker.drained();
        if (durationSeconds) await progress(segmenter.position / RECOGNIZER_SAMPLE_RATE_HZ / durationSeconds);
      }
      apply(segmenter.endUtterance());
      await worker.settled();
      await worker.quit();
      await progress(1);
      return segments;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
      await worker.kill(new Error('The transcription has ended'));
    }
  }

  return {
    availability: () => settings.availability,
    startLive,
    transcribeFile,
    async close() {
      closed = true;
      await Promise.all(
        [...workers].map((worker) => worker.kill(new SpeechUnavailableError(SERVER_STOPPING_MESSAGE))),
      );
    },
  };
}
