import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createSpeechRecognizer } from '../src/platform/speech/createSpeechRecognizer.js';
import type {
  LiveRecognitionListener,
  RecognizedSegment,
  SpeechRecognizer,
} from '../src/platform/speech/SpeechRecognizer.js';
import {
  BROWSER_RATE_HZ,
  CLIP_RATE_HZ,
  GO_FORWARD,
  clipAtRate,
  feed,
  joinSamples,
  readClip,
  silence,
  writeClipAs,
  transcribeToEnd,
} from './support/speechSamples.js';

const API_KEY = 'sk-test-7f3a9c0e21';
const MODEL = 'whisper-stand-in-1';
const ANSWER = 'Go forward ten metres.';

/** A WAV the stand-in received, as its header describes it. */
interface ReceivedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  model: string | null;
  responseFormat: string | null;
  wav: ReceivedWav | null;
}

function readWav(bytes: Buffer): ReceivedWav | null {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return null;
  if (bytes.toString('ascii', 36, 40) !== 'data') return null;
  const data = bytes.subarray(44, 44 + bytes.readUInt32LE(40));
  return {
    sampleRate: bytes.readUInt32LE(24),
    channels: bytes.readUInt16LE(22),
    bitsPerSample: bytes.readUInt16LE(34),
    samples: new Int16Array(new Uint8Array(data).buffer),
  };
}

/**
 * A local stand-in for an OpenAI-compatible transcription endpoint: POST /v1/audio/transcriptions with a multipart
 * `file` that is a WAV answers {"text": ANSWER}; anything else 400. 'reject-key' answers 401 with an error that
 * echoes the key, as OpenAI's does.
 */
async function startTranscriptionStandIn() {
  const requests: ReceivedRequest[] = [];
  let mode: 'answer' | 'reject-key' = 'answer';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        })
          .formData()
          .catch(() => null);
        const file = form?.get('file');
        const wav = file instanceof Blob ? readWav(Buffer.from(await file.arrayBuffer())) : null;
        requests.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          model: form?.get('model')?.toString() ?? null,
          responseFormat: form?.get('response_format')?.toString() ?? null,
          wav,
        });
        response.setHeader('content-type', 'application/json');
        if (mode === 'reject-key') {
          response.statusCode = 401;
          response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}.` } }));
        } else if (request.url !== '/v1/audio/transcriptions' || !wav) {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { message: 'Expected a WAV file' } }));
        } else {
          response.end(JSON.stringify({ text: ` ${ANSWER} ` }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    requests,
    setMode: (next: typeof mode) => (mode = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function rootMeanSquare(samples: Int16Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

function recordingListener() {
  const partials: string[] = [];
  const finals: RecognizedSegment[] = [];
  const errors: string[] = [];
  const listener: LiveRecognitionListener = {
    onPartial: (text) => partials.push(text),
    onFinal: (segment) => finals.push(segment),
    onError: (error) => errors.push(error.message),
  };
  return { listener, partials, finals, errors };
}

const neverAborted = () => new AbortController().signal;

describe('OpenAI-compatible speech endpoint', () => {
  let standIn: Awaited<ReturnType<typeof startTranscriptionStandIn>>;
  let speech: SpeechRecognizer;
  let workDir: string;

  before(async () => {
    standIn = await startTranscriptionStandIn();
    workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-speech-endpoint-'));
    speech = createSpeechRecognizer({
      engine: 'openai',
      python3Command: null,
      ffmpegCommand: '/usr/bin/ffmpeg',
      openAi: { baseUrl: standIn.baseUrl, apiKey: API_KEY, model: MODEL, timeoutMs: 10_000 },
      maxLiveStreams: 2,
      languageModel: 'generic',
    });
  });
  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.setMode('answer');
  });
  after(async () => {
    await speech.close();
    await standIn.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('names the model and host, and says the audio leaves this server', () => {
    assert.deepEqual(speech.availability(), {
      available: true,
      name: `${MODEL} at ${standIn.host} (speech endpoint)`,
      message: 'Speech recognition is available',
      installCommand: null,
      onServer: false,
      readsFiles: true,
    });
  });

  it('sends each live utterance as a 16 kHz WAV and reports the answer as a final, without partials', async () => {
    const { listener, partials, finals, errors } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: BROWSER_RATE_HZ });
    const clip = joinSamples(clipAtRate(GO_FORWARD, BROWSER_RATE_HZ), silence(1.2, BROWSER_RATE_HZ));
    await feed(stream, clip, { rate: BROWSER_RATE_HZ, speed: 0 });
    await stream.flush();
    await stream.close();
    assert.deepEqual(errors, []);
    assert.deepEqual(partials, []);
    assert.deepEqual(
      finals.map(({ text, confidence }) => ({ text, confidence })),
      [{ text: ANSWER, confidence: null }],
    );
    assert.equal(standIn.requests.length, 1);
    const [request] = standIn.requests;
    assert.equal(request!.path, '/v1/audio/transcriptions');
    assert.equal(request!.authorization, `Bearer ${API_KEY}`);
    assert.equal(request!.model, MODEL);
    assert.equal(request!.responseFormat, 'json');
    assert.deepEqual(
      { rate: request!.wav!.sampleRate, channels: request!.wav!.channels, bits: request!.wav!.bitsPerSample },
      { rate: 16_000, channels: 1, bits: 16 },
    );
    // The utterance: the words with their lead-in and the pause that ended them, not the whole stream.
    const seconds = request!.wav!.samples.length / CLIP_RATE_HZ;
    assert.ok(seconds > 2 && seconds < 3.2, `${seconds} s sent`);
    assert.equal(finals[0]!.endSeconds - finals[0]!.startSeconds, seconds);
  });

  it('sends nothing for silence', async () => {
    const { listener, finals } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: 48_000 });
    await feed(stream, silence(3, 48_000, 80), { rate: 48_000, speed: 0 });
    await stream.close();
    assert.deepEqual(finals, []);
    assert.equal(standIn.requests.length, 0);
  });

  it('transcribes a file as one WAV when it is under ten minutes', async () => {
    const file = writeClipAs(GO_FORWARD, path.join(workDir, 'goforward.mp3'));
    const { segments, progress } = await transcribeToEnd(speech, file);
    assert.deepEqual(
      segments.map((segment) => segment.text),
      [ANSWER],
    );
    assert.equal(standIn.requests.length, 1);
    assert.equal(standIn.requests[0]!.wav!.sampleRate, 16_000);
    assert.equal(progress.at(-1), 1);
  });

  it('cuts a long recording into WAVs of at most ten minutes, at pauses, and skips silence', async () => {
    // 13.6 minutes of the sentence every 4.8 s, then 12 minutes of a quiet room with nothing said: two chunks
    // of speech are sent, the silence is not.
    const sentence = joinSamples(readClip(GO_FORWARD), silence(2, CLIP_RATE_HZ, 30));
    const talk = joinSamples(...Array.from({ length: 170 }, () => sentence));
    const recording = joinSamples(talk, silence(12 * 60, CLIP_RATE_HZ, 30));
    const raw = path.join(workDir, 'long.raw');
    writeFileSync(raw, Buffer.from(recording.buffer));
    const wav = writeClipAs(raw, path.join(workDir, 'long.wav'));
    const { segments } = await transcribeToEnd(speech, wav);
    const sent = standIn.requests.map((request) => request.wav!.samples);
    assert.equal(sent.length, 2);
    assert.equal(segments.length, sent.length);
    for (const samples of sent) {
      assert.ok(samples.length <= 10 * 60 * CLIP_RATE_HZ);
      // Cut in a pause: no chunk begins or ends inside a word.
      assert.ok(rootMeanSquare(samples.subarray(0, 800)) < 300);
      assert.ok(rootMeanSquare(samples.subarray(-800)) < 300);
    }
    assert.ok(
      segments.every(
        (segment, index) => index === 0 || segment.startSeconds === segments[index - 1]!.endSeconds,
      ),
    );
  });

  it('reports an endpoint that refuses, without ever repeating the key', async () => {
    standIn.setMode('reject-key');
    const expected = 'The speech endpoint answered 401: Incorrect API key provided: [key].';
    const { listener, finals, errors } = recordingListener();
    const stream = speech.startLive(listener, { sampleRate: CLIP_RATE_HZ });
    await feed(stream, readClip(GO_FORWARD), { rate: CLIP_RATE_HZ, speed: 0 });
    await stream.flush();
    await stream.close();
    assert.deepEqual(errors, [expected]);
    assert.deepEqual(finals, []);
    const file = writeClipAs(GO_FORWARD, path.join(workDir, 'refused.wav'));
    await assert.rejects(
      speech.transcribeFile(file, { onProgress: () => undefined, signal: neverAborted() }),
      (error: Error) => error.message === expected && !error.message.includes(API_KEY),
    );
  });
});
