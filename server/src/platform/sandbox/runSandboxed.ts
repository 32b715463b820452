import { spawnSandboxed, type SandboxOptions } from './spawnSandboxed.js';

/** A run stopped at its time limit; the message is the product's own, fit to show. */
export class SandboxTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    const seconds = Math.ceil(timeoutMs / 1000);
    super(`it took longer than ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
    this.name = 'SandboxTimeoutError';
  }
}

/** A run that wrote more than it may (a page drawn at an absurd size): killed; the message is fit to show. */
export class SandboxOutputLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`its output passed the limit of ${Math.round(maxBytes / (1024 * 1024))} MB`);
    this.name = 'SandboxOutputLimitError';
  }
}

export interface RunOptions extends Omit<SandboxOptions, 'stdio' | 'timeoutMs'> {
  timeoutMs: number;
  /** Written to the command's standard input, which is then closed. */
  input?: Buffer;
  /** The most standard output kept; more kills the run. */
  maxOutputBytes: number;
}

/**
 * Runs a command confined (see spawnSandboxed) and answers what it wrote to standard output. Rejects with the
 * signal's reason when aborted, SandboxTimeoutError at its time limit, SandboxOutputLimitError past its output limit,
 * and otherwise an Error holding the command's last words (for the log, not for users).
 */
export async function runSandboxed(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<Buffer> {
  options.signal?.throwIfAborted();
  const run = spawnSandboxed(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  const { child } = run;
  const output: Buffer[] = [];
  let outputBytes = 0;
  let overflowed = false;
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    outputBytes += chunk.length;
    if (outputBytes > options.maxOutputBytes) {
      overflowed = true;
      run.kill();
    } else output.push(chunk);
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  // A command that exits before reading all its input closes the pipe: its exit status tells what happened.
  child.stdin!.on('error', () => undefined);
  child.stdin!.end(options.input);
  const exit = await run.exited;
  if (exit.stoppedBy === 'abort') throw options.signal?.reason ?? new Error('The run was aborted');
  if (exit.stoppedBy === 'timeout') throw new SandboxTimeoutError(options.timeoutMs);
  if (overflowed) throw new SandboxOutputLimitError(options.maxOutputBytes);
  if (exit.error) throw new Error(`${command} could not be started: ${exit.error.message}`);
  if (exit.code !== 0) {
    throw new Error(`${command} stopped (${exit.signal ?? `exit ${exit.code}`}): ${stderr.trim()}`);
  }
  return Buffer.concat(output);
}
