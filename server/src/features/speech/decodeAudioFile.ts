import { spawn } from 'node:child_process';
import { endianness, setPriority } from 'node:os';
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

/** Below the server's own priority, like the recogniser of a file: decoding is background work. */
const BACKGROUND_PRIORITY = 10;
const STDERR_KEPT = 4000;

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
  const child = spawn(
    ffmpegCommand,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-i', inputPath],
      ...['-map', '0:a:0', '-vn', '-f', 's16le', '-acodec', 'pcm_s16le'],
      ...['-ac', '1', '-ar', String(RECOGNIZER_SAMPLE_RATE_HZ), 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, BACKGROUND_PRIORITY);
    } catch {
      // The process has already ended, or the system refuses: it runs at normal priority.
    }
  }
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
  const exit = new Promise<{ code: number | null; error: Error | null }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code, error: null }));
  });
  const onAbort = () => child.kill('SIGKILL');
  options.signal.addEventListener('abort', onAbort, { once: true });
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
    const { code, error } = await exit;
    options.signal.throwIfAborted();
    if (error) throw new Error(`ffmpeg could not be started: ${error.message}`);
    if (code !== 0) {
      throw new AudioDecodeError(
        `The audio file could not be read: ${decodeFailureReason(stderr, inputPath)}`,
      );
    }
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    // The caller stopped early (an error, a cancelled job): ffmpeg has nobody to write to.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
