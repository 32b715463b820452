// Recorded speech for the recogniser tests, from Debian's pocketsphinx-testdata (synthetic speech such as espeak's
// is not recognised at all, so it would prove nothing):
//
//   goforward.raw  16 kHz mono s16le, 2.8 s, "go forward ten meters" (pocketsphinx recognises it exactly)
//   numbers.raw    16 kHz mono s16le, 4.0 s, digits spoken
//
// Conversions (other rates, WAV/MP3/OGG files) are made by ffmpeg, independently of the server's own resampler.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { joinSamples as joinSampleList } from '../../src/platform/speech/joinSamples.js';
import type {
  LiveRecognition,
  RecognizedSegment,
  SpeechRecognizer,
} from '../../src/platform/speech/SpeechRecognizer.js';
import { rawSpeechInput } from './audioSamples.js';

export const TESTDATA_DIR = '/usr/share/pocketsphinx/test/data';
export const GO_FORWARD = path.join(TESTDATA_DIR, 'goforward.raw');
export const GO_FORWARD_TEXT = 'go forward ten meters';
/** Where the first word of goforward.raw begins (pocketsphinx's own alignment: frame 46 of 10 ms). */
export const GO_FORWARD_SPEECH_START_SECONDS = 0.46;
export const CLIP_RATE_HZ = 16_000;
export const BROWSER_RATE_HZ = 44_100;
export const BROWSER_CHUNK_SAMPLES = 4096;

function int16Of(bytes: Buffer): Int16Array {
  const copy = new Uint8Array(bytes.length - (bytes.length % 2));
  copy.set(bytes.subarray(0, copy.length));
  return new Int16Array(copy.buffer);
}

/** A 16 kHz clip's samples. */
export function readClip(clipPath: string): Int16Array {
  return int16Of(readFileSync(clipPath));
}

/** A 16 kHz clip at another rate, converted by ffmpeg. */
export function clipAtRate(clipPath: string, rate: number): Int16Array {
  return int16Of(
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', ...rawSpeechInput(clipPath)],
        ...['-f', 's16le', '-ar', String(rate), '-ac', '1', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ),
  );
}

/** A 16 kHz clip written by ffmpeg as an audio file whose format follows the extension (.wav, .mp3, .ogg …). */
export function writeClipAs(clipPath: string, outputPath: string): string {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', ...rawSpeechInput(clipPath), outputPath],
  ]);
  return outputPath;
}

/** Digital silence, or a quiet room (low noise) when given a level. */
export function silence(seconds: number, rate: number, noiseLevel = 0): Int16Array {
  const samples = new Int16Array(Math.round(seconds * rate));
  let seed = 12345;
  for (let index = 0; index < samples.length && noiseLevel > 0; index += 1) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    samples[index] = Math.round(((seed / 2 ** 32) * 2 - 1) * noiseLevel);
  }
  return samples;
}

export function joinSamples(...parts: Int16Array[]): Int16Array {
  return joinSampleList(parts);
}

export interface FeedOptions {
  rate: number;
  chunkSamples?: number;
  /** 1 feeds in real time (as a microphone would), 0 as fast as possible. */
  speed?: number;
  /** Called just before the chunk holding this sample index is written. */
  onSample?: { index: number; call(): void };
}

/** Writes samples to a live stream in browser-sized chunks, paced like a microphone. */
export async function feed(
  stream: LiveRecognition,
  samples: Int16Array,
  options: FeedOptions,
): Promise<void> {
  const chunk = options.chunkSamples ?? BROWSER_CHUNK_SAMPLES;
  const speed = options.speed ?? 1;
  const started = performance.now();
  for (let offset = 0; offset < samples.length; offset += chunk) {
    const end = Math.min(samples.length, offset + chunk);
    if (speed > 0) {
      // Each chunk is written once the microphone would have captured it.
      const due = started + ((end / options.rate) * 1000) / speed;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (options.onSample && options.onSample.index >= offset && options.onSample.index < end) {
      options.onSample.call();
    }
    stream.write(samples.slice(offset, end));
  }
}

/** A file transcribed to the end (never cancelled): its segments, and every progress fraction reported on the way. */
export async function transcribeToEnd(
  speech: SpeechRecognizer,
  file: string,
): Promise<{ segments: RecognizedSegment[]; progress: number[] }> {
  const progress: number[] = [];
  const segments = await speech.transcribeFile(file, {
    onProgress: (fraction) => void progress.push(fraction),
    signal: new AbortController().signal,
  });
  return { segments, progress };
}
