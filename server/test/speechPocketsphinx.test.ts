import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SpeechSettings } from '../src/config/loadConfig.js';
import { TOO_MANY_LIVE_STREAMS_MESSAGE } from '../src/platform/speech/createLiveStreamLimit.js';
import {
  createPocketsphinxRecognizer,
  SERVER_STOPPING_MESSAGE,
} from '../src/platform/speech/createPocketsphinxRecognizer.js';
import {
  createSpeechRecognizer,
  SPEECH_INSTALL_COMMAND,
  SPEECH_NOT_INSTALLED_MESSAGE,
  SPEECH_TURNED_OFF_MESSAGE,
} from '../src/platform/speech/createSpeechRecognizer.js';
import {
  AudioDecodeError,
  SpeechUnavailableError,
  type LiveRecognitionListener,
  type RecognizedSegment,
  type SpeechRecognizer,
} from '../src/platform/speech/SpeechRecognizer.js';
import {
  startPocketsphinxWorker,
  type WorkerResult,
  type WorkerVocabulary,
} from '../src/platform/speech/startPocketsphinxWorker.js';
import {
  BROWSER_RATE_HZ,
  CLIP_RATE_HZ,
  GO_FORWARD,
  GO_FORWARD_TEXT,
  TESTDATA_DIR,
  clipAtRate,
  feed,
  joinSamples,
  readClip,
  silence,
  writeClipAs,
  transcribeToEnd,
} from './support/speechSamples.js';

// Debian's pocketsphinx, pocketsphinx-en-us, python3-pocketsphinx, pocketsphinx-testdata and ffmpeg, as the
// server uses them: these tests recognise real recorded speech.
const SETTINGS: SpeechSettings = {
  engine: 'pocketsphinx',
  python3Command: '/usr/bin/python3',
  ffmpegCommand: '/usr/bin/ffmpeg',
  openAi: null,
  maxLiveStreams: 2,
  languageModel: 'clinical',
};

/** A listener that keeps what it hears, in order. */
function recordingListener() {
  const heard: { kind: 'partial' | 'final' | 'error'; text: string; segment?: RecognizedSegment }[] = [];
  const listener: LiveRecognitionListener = {
    onPartial: (text) => heard.push({ kind: 'partial', text }),
    onFinal: (segment) => heard.push({ kind: 'final', text: segment.text, segment }),
    onError: (error) => heard.push({ kind: 'error', text: error.message }),
  };
  const finals = () => heard.filter((event) => event.kind === 'final');
  return { heard, listener, finals };
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const neverAborted = () => new AbortController().signal;

describe('pocketsphinx recogniser', () => {
  let speech: SpeechRecognizer;
  let workDir: string;

  before(async () => {
    speech = createSpeechRecognizer(SETTINGS);
    workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-speech-'));
  });
  after(async () => {
    await speech.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('says it recognises on this server', () => {
    assert.deepEqual(speech.availability(), {
      available: true,
      name: 'pocketsphinx (offline, on this server)',
      message: 'Speech recognition is available',
      installCommand: null,
      onServer: true,
      readsFiles: true,
    });
  });

  it('recognises recorded speech streamed at 44.1 kHz in 4096-sample chunks in real time, partials first', async () => {
    const { heard, listener, finals } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: BROWSER_RATE_HZ });
    const clip = joinSamples(clipAtRate(GO_FORWARD, BROWSER_RATE_HZ), silence(1.2, BROWSER_RATE_HZ));
    await feed(stream, clip, { rate: BROWSER_RATE_HZ });
    // The pause after the words ends the utterance by itself: no flush asked for.
    await waitUntil(() => finals().length > 0);
    await stream.close();
    assert.deepEqual(
      finals().map((event) => event.text),
      [GO_FORWARD_TEXT],
    );
    const firstPartial = heard.findIndex((event) => event.kind === 'partial');
    assert.ok(
      firstPartial >= 0 && firstPartial < heard.indexOf(finals()[0]!),
      'a partial came before the final',
    );
    assert.ok(heard.every((event) => event.kind !== 'error'));
    const { segment } = finals()[0]!;
    assert.ok(segment!.confidence! > 0 && segment!.confidence! <= 1, `confidence ${segment!.confidence}`);
    assert.ok(segment!.startSeconds < 0.46 && segment!.endSeconds > 2.3 && segment!.endSeconds < 3.5);
  });

  it('hears nothing in silence or in a quiet room', async () => {
    const { heard, listener } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: 48_000 });
    await feed(stream, joinSamples(silence(2, 48_000), silence(2, 48_000, 100)), { rate: 48_000, speed: 0 });
    await stream.flush();
    await stream.close();
    assert.deepEqual(heard, []);
  });

  it('reports the utterance in progress when flushed mid-sentence (pause, stop)', async () => {
    const { finals, listener } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: BROWSER_RATE_HZ });
    // Up to the middle of "ten": the speaker pressed pause before the sentence ended.
    const clip = clipAtRate(GO_FORWARD, BROWSER_RATE_HZ).slice(0, Math.round(1.55 * BROWSER_RATE_HZ));
    await feed(stream, clip, { rate: BROWSER_RATE_HZ, speed: 0 });
    assert.equal(finals().length, 0);
    await stream.flush();
    assert.equal(finals().length, 1, 'the final is reported before flush resolves');
    assert.match(finals()[0]!.text, /^go forward/);
    // The stream goes on after a flush: the next sentence is heard as well.
    await feed(stream, joinSamples(clipAtRate(GO_FORWARD, BROWSER_RATE_HZ)), {
      rate: BROWSER_RATE_HZ,
      speed: 0,
    });
    await stream.close();
    assert.deepEqual(
      finals().map((event) => event.text),
      [finals()[0]!.text, GO_FORWARD_TEXT],
    );
  });

  for (const extension of ['wav', 'mp3', 'ogg']) {
    it(`transcribes an uploaded .${extension} file, reporting progress to the end`, async () => {
      const file = writeClipAs(GO_FORWARD, path.join(workDir, `goforward.${extension}`));
      const { segments, progress } = await transcribeToEnd(speech, file);
      assert.deepEqual(
        segments.map((segment) => segment.text),
        [GO_FORWARD_TEXT],
      );
      assert.equal(progress.at(-1), 1);
      assert.ok(progress.every((fraction, index) => index === 0 || fraction >= progress[index - 1]!));
    });
  }

  it('transcribes each utterance of a longer recording, in order, with their times', async () => {
    const file = path.join(workDir, 'two-sentences.raw');
    const pause = silence(1.5, CLIP_RATE_HZ);
    const numbers = readClip(path.join(TESTDATA_DIR, 'numbers.raw'));
    const recording = joinSamples(readClip(GO_FORWARD), pause, numbers, pause, readClip(GO_FORWARD));
    writeFileSync(file, Buffer.from(recording.buffer));
    const wav = writeClipAs(file, path.join(workDir, 'two-sentences.wav'));
    const { segments } = await transcribeToEnd(speech, wav);
    assert.equal(segments[0]!.text, GO_FORWARD_TEXT);
    assert.equal(segments.at(-1)!.text, GO_FORWARD_TEXT);
    assert.ok(segments.length >= 3);
    for (const [index, segment] of segments.entries()) {
      assert.ok(segment.endSeconds > segment.startSeconds);
      if (index > 0) assert.ok(segment.startSeconds >= segments[index - 1]!.endSeconds);
    }
    assert.ok(segments.at(-1)!.startSeconds > 2.78 + 1.5 + 4);
  });

  it('refuses a file that is not audio with the reason', async () => {
    const file = path.join(workDir, 'letter.mp3');
    writeFileSync(file, 'Dear Dr Patel, this is a letter, not a recording.\n'.repeat(50));
    await assert.rejects(
      speech.transcribeFile(file, { onProgress: () => undefined, signal: neverAborted() }),
      (error: Error) =>
        error instanceof AudioDecodeError &&
        error.message ===
          'The audio file could not be read: it is not audio in a format the server can decode',
    );
  });

  it('stops when the job is cancelled, with the cancellation as the reason', async () => {
    const file = path.join(workDir, 'long.raw');
    const clip = readClip(GO_FORWARD);
    writeFileSync(file, Buffer.from(joinSamples(...Array.from({ length: 40 }, () => clip)).buffer));
    const wav = writeClipAs(file, path.join(workDir, 'long.wav'));
    const controller = new AbortController();
    const reason = new Error('Job cancelled by the user');
    const progress: number[] = [];
    const transcription = speech.transcribeFile(wav, {
      onProgress(fraction) {
        progress.push(fraction);
        if (fraction > 0.05) controller.abort(reason);
      },
      signal: controller.signal,
    });
    await assert.rejects(transcription, (error) => error === reason);
    assert.ok(progress.at(-1)! < 1);
  });

  it('refuses a third live stream when two may run, and takes one again once one has closed', async () => {
    const first = speech.startLive(recordingListener().listener, { sampleRate: BROWSER_RATE_HZ });
    const second = speech.startLive(recordingListener().listener, { sampleRate: BROWSER_RATE_HZ });
    assert.throws(
      () => speech.startLive(recordingListener().listener, { sampleRate: BROWSER_RATE_HZ }),
      (error: Error) =>
        error instanceof SpeechUnavailableError && error.message === TOO_MANY_LIVE_STREAMS_MESSAGE,
    );
    await first.close();
    const third = speech.startLive(recordingListener().listener, { sampleRate: BROWSER_RATE_HZ });
    await Promise.all([second.close(), third.close(), first.close()]);
  });
});

describe('the vocabulary of the pocketsphinx worker', () => {
  /** A worker given `vocabulary`, fed the recorded clip as one utterance: what it added and what it heard. */
  async function decodeWith(options: { clinical: boolean; vocabulary: string[] }) {
    let vocabulary: WorkerVocabulary | null = null;
    const results: WorkerResult[] = [];
    const worker = startPocketsphinxWorker(
      '/usr/bin/python3',
      {
        onResult: (result) => results.push(result),
        onVocabulary: (added) => (vocabulary = added),
        onExit: () => undefined,
      },
      { background: false, ...options },
    );
    worker.beginUtterance(0);
    worker.writeAudio(readClip(GO_FORWARD));
    worker.endUtterance();
    await worker.settled();
    await worker.quit();
    return { vocabulary, heard: results.map((result) => result.text) };
  }

  it("adds the user's own words it lacks, pronounced by espeak-ng, to the clinical model's vocabulary", async () => {
    const { vocabulary, heard } = await decodeWith({
      clinical: true,
      vocabulary: ['Wythenshawe Hospital', 'Mr Okonkwo', 'forward'],
    });
    // "hospital", "mr" and "forward" are in the dictionary already.
    assert.deepEqual(vocabulary, {
      type: 'vocabulary',
      added: ['wythenshawe', 'okonkwo'],
      unpronounceable: [],
    });
    assert.deepEqual(heard, [GO_FORWARD_TEXT], 'general speech is still recognised');
  });

  it('recognises the recorded speech with the generic model alone', async () => {
    const { vocabulary, heard } = await decodeWith({ clinical: false, vocabulary: [] });
    assert.equal(vocabulary, null, 'no vocabulary asked, none reported');
    assert.deepEqual(heard, [GO_FORWARD_TEXT]);
  });
});

describe('pocketsphinx recogniser failures', () => {
  it('says it is not installed, with the command, when python3 is missing', async () => {
    const speech = createSpeechRecognizer({ ...SETTINGS, python3Command: '/nonexistent' });
    assert.deepEqual(speech.availability(), {
      available: false,
      name: 'pocketsphinx (offline, on this server)',
      message: SPEECH_NOT_INSTALLED_MESSAGE,
      installCommand: 'sudo apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx ffmpeg',
      onServer: true,
      readsFiles: false,
    });
    assert.throws(
      () => speech.startLive(recordingListener().listener, { sampleRate: BROWSER_RATE_HZ }),
      (error: Error) =>
        error instanceof SpeechUnavailableError &&
        error.message === 'Speech recognition is not installed on the server' &&
        error.installCommand === SPEECH_INSTALL_COMMAND,
    );
    await assert.rejects(
      speech.transcribeFile(GO_FORWARD, { onProgress: () => undefined, signal: neverAborted() }),
      SpeechUnavailableError,
    );
  });

  it('says it is turned off, without a command, when SPEECH_RECOGNIZER=off', () => {
    const speech = createSpeechRecognizer({ ...SETTINGS, engine: 'off' });
    assert.equal(speech.availability().available, false);
    assert.equal(speech.availability().message, SPEECH_TURNED_OFF_MESSAGE);
    assert.equal(speech.availability().installCommand, null);
  });

  it('dictates without ffmpeg, but refuses audio files naming the command', async () => {
    const speech = createSpeechRecognizer({ ...SETTINGS, ffmpegCommand: null });
    assert.equal(speech.availability().available, true);
    assert.equal(speech.availability().readsFiles, false);
    assert.equal(speech.availability().installCommand, SPEECH_INSTALL_COMMAND);
    await assert.rejects(
      speech.transcribeFile(GO_FORWARD, { onProgress: () => undefined, signal: neverAborted() }),
      (error: Error) =>
        error instanceof SpeechUnavailableError &&
        error.message === 'Audio files cannot be read on this server: ffmpeg is not installed' &&
        error.installCommand === SPEECH_INSTALL_COMMAND,
    );
    const { finals, listener } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: CLIP_RATE_HZ });
    await feed(stream, readClip(GO_FORWARD), { rate: CLIP_RATE_HZ, speed: 0 });
    await stream.close();
    assert.deepEqual(
      finals().map((event) => event.text),
      [GO_FORWARD_TEXT],
    );
    await speech.close();
  });

  it('reports a recogniser that dies to the stream, which is then over', async () => {
    // A "python3" that exits at once, as one would whose pocketsphinx broke after the server started.
    const speech = createPocketsphinxRecognizer({
      availability: createSpeechRecognizer(SETTINGS).availability(),
      python3Command: '/bin/false',
      ffmpegCommand: SETTINGS.ffmpegCommand,
      maxLiveStreams: 1,
      installCommand: SPEECH_INSTALL_COMMAND,
      languageModel: 'generic',
    });
    const { heard, listener } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: CLIP_RATE_HZ });
    await waitUntil(() => heard.length > 0);
    assert.deepEqual(heard, [{ kind: 'error', text: 'The speech recogniser stopped unexpectedly (exit 1)' }]);
    stream.write(readClip(GO_FORWARD));
    await stream.close();
    assert.equal(heard.length, 1);
    // Its place is free again.
    await speech.startLive(recordingListener().listener, { sampleRate: CLIP_RATE_HZ }).close();
  });

  it('ends every live stream when the server stops, telling each why', async () => {
    const speech = createSpeechRecognizer(SETTINGS);
    const { heard, listener } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: CLIP_RATE_HZ });
    stream.write(readClip(GO_FORWARD).slice(0, CLIP_RATE_HZ));
    await speech.close();
    assert.deepEqual(heard, [{ kind: 'error', text: SERVER_STOPPING_MESSAGE }]);
    await stream.close();
    assert.throws(
      () => speech.startLive(listener, { sampleRate: CLIP_RATE_HZ }),
      (error: Error) => error instanceof SpeechUnavailableError && error.message === SERVER_STOPPING_MESSAGE,
    );
  });
});
