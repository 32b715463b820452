import type { ChildProcessByStdio } from 'node:child_process';
import { statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { endianness } from 'node:os';
import { spawnSandboxed } from '../sandbox/spawnSandboxed.js';
import { RECOGNIZER_SAMPLE_RATE_HZ, AudioDecodeError, SpeechUnavailableError } from './SpeechRecognizer.js';

export interface AudioDecodingOptions {
  /** Kills ffmpeg; the iteration then throws the signal's reason. */
  signal: AbortSignal;
  /** The audio's length once ffmpeg has read the header; not called when the file does not say (some WebM). */
  onDuration?(seconds: number): void;
}

export const FFMPEG_MISSING_MESSAGE = 'Audio files cannot be read on this server: ffmpeg is not installed';

/** The ffmpeg command a recogniser reads files with; SpeechUnavailableError, naming the install command, without one. */
export function requireFfmpeg(settings: { ffmpegCommand: string | null; installCommand: string }): string {
  if (!settings.ffmpegCommand) {
    throw new SpeechUnavailableError(FFMPEG_MISSING_MESSAGE, settings.installCommand);
  }
  return settings.ffmpegCommand;
}

const STDERR_KEPT = 4000;
/**
 * Decoding is paced by the recogniser reading it (about a fifth of real time, slower on a busy machine), and a
 * megabyte of compressed audio is about a minute of speech: a minute per megabyte, and ten more, bounds any honest
 * file. ffmpeg itself needs little memory.
 */
const BASE_TIME_MS = 10 * 60_000;
const TIME_PER_MEGABYTE_MS = 60_000;
const FFMPEG_MEMORY_MB = 1024;

function decodingTimeLimitMs(inputPath: string): number {
  let bytes = 0;
  try {
    bytes = statSync(inputPath).size;
  } catch {
    // A missing file: ffmpeg says so at once.
  }
  return BASE_TIME_MS + Math.ceil(bytes / (1024 * 1024)) * TIME_PER_MEGABYTE_MS;
}

/** ffmpeg's last words, said for a user: why the file could not be read. */
function decodeFailureReason(stderr: string, inputPath: string): string {
  if (/matches no streams|does not contain any stream/i.test(stderr)) return 'it has no audio track';
  if (/No such file or directory/i.test(stderr)) return 'the file is missing';
  if (/Invalid data found|Invalid argument|misdetection possible/i.test(stderr)) {
    return 'it is not audio in a format the server can decode';
  }
  const last =
    stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('To ignore this'))
      .at(-1) ?? 'ffmpeg stopped without saying why';
  return last
    .replace(`${inputPath}: `, '')
    .replace(/^\[[^\]]*\]\s*/, '')
    .slice(0, 200);
}

/**
 * The audio of a file of any format ffmpeg reads (MP3, WAV, M4A, AAC, OGG, WebM …) as 16 kHz mono 16-bit samples,
 * in chunks as ffmpeg produces them. Iterating slowly slows ffmpeg down (the pipe fills), so a long recording is
 * never held in memory. Throws AudioDecodeError when the file is not audio ffmpeg can read.
 */
export async function* decodeAudioFile(
  ffmpegCommand: string,
  inputPath: string,
  options: AudioDecodingOptions,
): AsyncGenerator<Int16Array> {
  options.signal.throwIfAborted();
  const timeoutMs = decodingTimeLimitMs(inputPath);
  // Below the server's own priority, like the recogniser of a file: decoding is background work.
  const run = spawnSandboxed(
    ffmpegCommand,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-i', inputPath],
      ...['-map', '0:a:0', '-vn', '-f', 's16le', '-acodec', 'pcm_s16le'],
      ...['-ac', '1', '-ar', String(RECOGNIZER_SAMPLE_RATE_HZ), 'pipe:1'],
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeoutMs,
      cpuSeconds: timeoutMs / 1000,
      memoryMb: FFMPEG_MEMORY_MB,
      signal: options.signal,
      background: true,
    },
  );
  const child = run.child as ChildProcessByStdio<null, Readable, Readable>;
  let stderr = '';
  let durationReported = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
    if (!durationReported) {
      const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
      if (duration) {
        durationReported = true;
        const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
        if (seconds > 0) options.onDuration?.(seconds);
      }
    }
  });
  try {
    // A chunk may end inside a sample: its odd byte waits for the next chunk.
    let carry: Buffer | null = null;
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
      if (whole === 0) continue;
      // Copied: a Buffer from a pipe may start at an odd offset of its memory, where Int16Array cannot begin.
      const aligned = new Uint8Array(bytes.subarray(0, whole));
      if (endianness() !== 'LE') Buffer.from(aligned.buffer).swap16();
      yield new Int16Array(aligned.buffer);
    }
    const { code, error, stoppedBy } = await run.exited;
    options.signal.throwIfAborted();
    if (stoppedBy === 'timeout') {
      throw new AudioDecodeError(
        `The audio file could not be read: decoding it took longer than ${Math.round(timeoutMs / 60_000)} minutes`,
      );
    }
    if (error) throw new Error(`ffmpeg could not be started: ${error.message}`);
    if (code !== 0) {
      throw new AudioDecodeError(
        `The audio file could not be read: ${decodeFailureReason(stderr, inputPath)}`,
      );
    }
  } finally {
    // The caller stopped early (an error, a cancelled job): ffmpeg has nobody to write to.
    if (child.exitCode === null && child.signalCode === null) run.kill();
  }
}
