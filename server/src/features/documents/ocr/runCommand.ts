import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** Below the server's own priority: while pages are read on every core, the API's requests are served first. */
const BACKGROUND_PRIORITY = 10;

/** A page that takes longer than this to rasterise or read is stuck (a normal one takes about a second). */
const COMMAND_TIMEOUT_MS = 120_000;

export interface CommandOptions {
  /** Written to the command's standard input, which is then closed. */
  input?: Buffer;
  /** Kills the command (a cancelled job, a stopping server); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Runs a command without a shell, at a lower priority than the server, and answers what it wrote to standard
 * output. OpenMP threads inside one tesseract gain almost nothing on this kind of machine: the parallelism is one
 * process per core, so each process gets one thread.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      timeout: COMMAND_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // The process has already ended, or the system refuses: it runs at normal priority.
      }
    }
    const output: Buffer[] = [];
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.once('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (code === 0) resolve(Buffer.concat(output));
      else reject(new Error(`${command} stopped (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
    // A command that exits before reading all its input closes the pipe: its exit status tells what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
  });
}
