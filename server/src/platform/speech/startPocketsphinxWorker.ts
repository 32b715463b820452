import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSandboxed } from '../sandbox/spawnSandboxed.js';

/** What the worker reports for a partial or final request (see server/speech/pocketsphinxWorker.py). */
export interface WorkerResult {
  type: 'partial' | 'final';
  text: string;
  confidence: number | null;
  start: number;
  end: number;
}

/** What the worker reports once it has added the words it was given. */
export interface WorkerVocabulary {
  type: 'vocabulary';
  /** Added to its dictionary and language model (already known words are not listed). */
  added: string[];
  /** Words espeak-ng could not pronounce: not added. */
  unpronounceable: string[];
}

export interface PocketsphinxWorkerEvents {
  /** Every result, in the order the requests were made. */
  onResult(result: WorkerResult): void;
  /** The words of the vocabulary the worker added, before any result. */
  onVocabulary?(vocabulary: WorkerVocabulary): void;
  /** The process ended: null after quit(), else why (a crash, or the reason given to kill()). Called once. */
  onExit(error: Error | null): void;
}

/** One python3 process decoding one stream; the caller decides where utterances begin and end. */
export interface PocketsphinxWorker {
  beginUtterance(startSeconds: number): void;
  /** 16 kHz samples of the utterance; false when the pipe is full (wait for drained() before writing more). */
  writeAudio(samples: Int16Array): boolean;
  requestPartial(): void;
  endUtterance(): void;
  /** Partial and final requests not yet answered. */
  readonly unanswered: number;
  /** Resolves once every request so far is answered; rejects if the worker ends first. */
  settled(): Promise<void>;
  /** Resolves once the pipe takes more audio; rejects if the worker ends first. */
  drained(): Promise<void>;
  /** Ends the worker after it has answered everything asked. */
  quit(): Promise<void>;
  /** Ends the worker now (onExit hears `reason`) and resolves once it has ended. */
  kill(reason: Error): Promise<void>;
}

/**
 * A recogniser uses about 110 MB; its address space (Python, the model's mappings) is a few hundred. It runs as long
 * as its stream does, so it has no time limit of its own: its owner quits or kills it.
 */
const WORKER_MEMORY_MB = 2048;
/** A worker that has not ended this long after quit() is killed. */
const QUIT_TIMEOUT_MS = 5000;
const STDERR_KEPT = 2000;

/**
 * The worker script lives outside src (tsc neither checks nor copies it), in the server package's `speech` folder:
 * found by walking up from this module, which works from src (tsx) and from dist alike.
 */
function findWorkerScript(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const script = path.join(folder, 'speech', 'pocketsphinxWorker.py');
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@ewrt/server') {
        return script;
      }
    }
    const parent = path.dirname(folder);
    if (parent === folder)
      throw new Error('The server package holding speech/pocketsphinxWorker.py was not found');
    folder = parent;
  }
}

let workerScript: string | null = null;

export function pocketsphinxWorkerScript(): string {
  workerScript ??= findWorkerScript();
  return workerScript;
}

function frame(kind: 'W' | 'B' | 'A' | 'P' | 'E' | 'Q', payload: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(kind, 0, 'latin1');
  header.writeUInt32LE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

function littleEndianBytes(samples: Int16Array): Buffer {
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return endianness() === 'LE' ? bytes : Buffer.from(bytes).swap16();
}

/** How much the clinical model weighs against the generic one when they are mixed (0–1). */
export const CLINICAL_MODEL_WEIGHT = 0.5;

export interface PocketsphinxWorkerOptions {
  /** Yields to the API and live dictation (files). */
  background: boolean;
  /** Mixes the clinical language model (server/speech/clinical) with the generic one. */
  clinical: boolean;
  /** Words added to the dictionary and the model before decoding (the user's own words). */
  vocabulary?: readonly string[];
}

export function startPocketsphinxWorker(
  python3Command: string,
  events: PocketsphinxWorkerEvents,
  options: PocketsphinxWorkerOptions,
): PocketsphinxWorker {
  const script = pocketsphinxWorkerScript();
  const modelArguments = options.clinical
    ? [
        '--clinical',
        path.join(path.dirname(script), 'clinical'),
        '--clinical-weight',
        String(CLINICAL_MODEL_WEIGHT),
      ]
    : [];
  // In the background, below the server's priority: a file being transcribed yields to the API and to dictation.
  const run = spawnSandboxed(python3Command, [script, ...modelArguments], {
    stdio: ['pipe', 'pipe', 'pipe'],
    timeoutMs: null,
    cpuSeconds: null,
    memoryMb: WORKER_MEMORY_MB,
    background: options.background,
  });
  const child = run.child as ChildProcessWithoutNullStreams;
  let unanswered = 0;
  let exitError: Error | null | undefined;
  let killReason: Error | null = null;
  let quitting = false;
  let stderr = '';
  let lineBuffer = '';
  const settledWaiters: { resolve(): void; reject(error: Error): void }[] = [];
  const drainWaiters: { resolve(): void; reject(error: Error): void }[] = [];
  let resolveExit!: () => void;
  const exited = new Promise<void>((resolve) => (resolveExit = resolve));

  function finish(error: Error | null): void {
    if (exitError !== undefined) return;
    exitError = error;
    const failure = error ?? new Error('The speech recogniser has stopped');
    for (const waiter of settledWaiters.splice(0)) {
      if (unanswered === 0) waiter.resolve();
      else waiter.reject(failure);
    }
    for (const waiter of drainWaiters.splice(0)) waiter.reject(failure);
    events.onExit(error);
    resolveExit();
  }

  function crashed(detail: string): Error {
    const reason = stderr.trim().split('\n').at(-1) ?? '';
    return new Error(`The speech recogniser stopped unexpectedly (${detail})${reason ? `: ${reason}` : ''}`);
  }

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    lineBuffer += chunk;
    let newline = lineBuffer.indexOf('\n');
    while (newline >= 0) {
      const line = lineBuffer.slice(0, newline).trim();
      lineBuffer = lineBuffer.slice(newline + 1);
      newline = lineBuffer.indexOf('\n');
      if (!line) continue;
      let result: WorkerResult | WorkerVocabulary;
      try {
        result = JSON.parse(line) as WorkerResult | WorkerVocabulary;
      } catch {
        run.kill();
        finish(new Error(`The speech recogniser answered something unreadable: ${line.slice(0, 100)}`));
        return;
      }
      unanswered = Math.max(0, unanswered - 1);
      if (result.type === 'vocabulary') events.onVocabulary?.(result);
      else events.onResult(result);
      if (unanswered === 0) for (const waiter of settledWaiters.splice(0)) waiter.resolve();
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  child.stdin.on('drain', () => {
    for (const waiter of drainWaiters.splice(0)) waiter.resolve();
  });
  // A worker that dies closes the pipe: its exit tells what happened.
  child.stdin.on('error', () => undefined);
  child.once('error', (error) => finish(killReason ?? crashed(error.message)));
  child.once('close', (code, signal) => {
    if (killReason) finish(killReason);
    else if (quitting && code === 0 && unanswered === 0) finish(null);
    else finish(crashed(signal ?? `exit ${code}`));
  });

  function send(bytes: Buffer): boolean {
    if (exitError !== undefined || quitting) return true;
    return child.stdin.write(bytes);
  }

  function ask(kind: 'P' | 'E'): void {
    if (exitError !== undefined || quitting) return;
    unanswered += 1;
    send(frame(kind));
  }

  function waitFor(list: typeof settledWaiters): Promise<void> {
    return new Promise((resolve, reject) => list.push({ resolve, reject }));
  }

  if (options.vocabulary && options.vocabulary.length > 0) {
    unanswered += 1;
    send(frame('W', Buffer.from(JSON.stringify({ words: options.vocabulary }))));
  }

  return {
    beginUtterance(startSeconds) {
      send(frame('B', Buffer.from(JSON.stringify({ start: startSeconds }))));
    },
    writeAudio(samples) {
      return samples.length === 0 ? true : send(frame('A', littleEndianBytes(samples)));
    },
    requestPartial: () => ask('P'),
    endUtterance: () => ask('E'),
    get unanswered() {
      return unanswered;
    },
    settled() {
      if (exitError !== undefined) {
        return unanswered === 0 ? Promise.resolve() : Promise.reject(exitError ?? crashed('ended'));
      }
      return unanswered === 0 ? Promise.resolve() : waitFor(settledWaiters);
    },
    drained() {
      if (exitError !== undefined) return Promise.reject(exitError ?? crashed('ended'));
      return child.stdin.writableNeedDrain ? waitFor(drainWaiters) : Promise.resolve();
    },
    async quit() {
      if (exitError === undefined && !quitting) {
        send(frame('Q'));
        quitting = true;
        child.stdin.end();
        const timer = setTimeout(() => {
          killReason = new Error('The speech recogniser did not stop when asked');
          run.kill();
        }, QUIT_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
    kill(reason) {
      if (exitError === undefined && killReason === null) {
        killReason = reason;
        run.kill();
      }
      return exited;
    },
  };
}
