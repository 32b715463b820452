import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { sandboxSupport } from './sandboxSupport.js';

/**
 * Set in every converter's environment to the server's process id: a start-up finds the converters and folders
 * of a server that was killed (`kill -9` leaves them running, re-parented to PID 1) by it.
 */
export const SANDBOX_OWNER_VARIABLE = 'EWRT_SANDBOX_OWNER';
/** Each run's own temporary folder: `ewrt-sandbox-<server pid>-XXXXXX` in the system's temporary directory. */
export const SANDBOX_FOLDER_PREFIX = 'ewrt-sandbox-';

/** Below the server's own priority: while converters run on every core, the API's requests are served first. */
const BACKGROUND_PRIORITY = 10;
const MEGABYTE = 1024 * 1024;

export interface SandboxOptions {
  /** The process and everything it started are killed after this long; null for a long-lived worker. */
  timeoutMs: number | null;
  /** Largest address space of each process, in MB (`prlimit --as`): an allocation past it fails. */
  memoryMb: number;
  /** CPU seconds each process may use (`prlimit --cpu`); null for none (a long-lived worker). */
  cpuSeconds: number | null;
  /** Kills the process group (a cancelled job, a stopping server). */
  signal?: AbortSignal;
  stdio: StdioOptions;
  /** Added to the environment. */
  env?: Record<string, string>;
  /** Runs at a lower priority than the server. */
  background?: boolean;
  /** The run's folder when the caller prepared one (it then removes it); otherwise one is made and removed here. */
  folder?: string;
}

/** Why a run ended early: its time-out, its signal, or kill(); null when it ended by itself. */
export type SandboxStop = 'timeout' | 'abort' | 'kill' | null;

export interface SandboxExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stoppedBy: SandboxStop;
  /** The process could not be started. */
  error: Error | null;
}

export interface SandboxedProcess {
  child: ChildProcess;
  /** The run's temporary folder (its working directory, HOME and TMPDIR). */
  folder: string;
  /** Resolves once the process has ended and its output is closed; never rejects. */
  exited: Promise<SandboxExit>;
  /** Kills the whole process group now. */
  kill(): void;
}

/** Process groups running now, and the folders made for them: killed and removed if the server exits. */
const running = new Map<number, string | null>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has already ended.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [pid, folder] of running) {
      killGroup(pid);
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  });
}

/** Makes a run's temporary folder, named so that a later start can tell whose it was. */
export function makeSandboxFolder(): string {
  return mkdtempSync(path.join(tmpdir(), `${SANDBOX_FOLDER_PREFIX}${process.pid}-`));
}

/**
 * Starts a command on an untrusted file confined as far as this system allows: without network (a network namespace
 * of its own, where even 127.0.0.1 is unreachable), with memory and CPU-time limits, in a process group of its own
 * that is killed as a whole on time-out, on abort and when the server exits, and in a temporary folder of its own
 * that is removed when it ends. A converter that starts helpers (LibreOffice's soffice.bin) cannot leave them behind.
 */
export function spawnSandboxed(
  command: string,
  args: readonly string[],
  options: SandboxOptions,
): SandboxedProcess {
  installExitHook();
  const support = sandboxSupport();
  const ownFolder = options.folder === undefined;
  const folder = options.folder ?? makeSandboxFolder();
  const limits = support.limits
    ? [
        'prlimit',
        `--as=${options.memoryMb * MEGABYTE}`,
        ...(options.cpuSeconds === null ? [] : [`--cpu=${Math.max(1, Math.ceil(options.cpuSeconds))}`]),
        '--',
      ]
    : [];
  const argv = [...limits, ...(support.networkPrefix ?? []), command, ...args];
  const child = spawn(argv[0]!, argv.slice(1), {
    stdio: options.stdio,
    cwd: folder,
    detached: true,
    env: {
      ...process.env,
      ...options.env,
      HOME: folder,
      TMPDIR: folder,
      [SANDBOX_OWNER_VARIABLE]: String(process.pid),
    },
  });
  let stoppedBy: SandboxStop = null;
  const pid = child.pid;
  const stop = (reason: Exclude<SandboxStop, null>) => {
    if (pid === undefined || !running.has(pid)) return;
    stoppedBy ??= reason;
    killGroup(pid);
  };
  const onAbort = () => stop('abort');
  const timer =
    options.timeoutMs === null ? null : setTimeout(() => stop('timeout'), Math.max(1, options.timeoutMs));
  timer?.unref();
  if (pid !== undefined) {
    running.set(pid, ownFolder ? folder : null);
    if (options.signal?.aborted) stop('abort');
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.background) {
      try {
        setPriority(pid, BACKGROUND_PRIORITY);
      } catch {
        // The process has already ended, or the system refuses: it runs at normal priority.
      }
    }
  }
  const release = () => {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (pid !== undefined && running.delete(pid)) killGroup(pid);
  };
  // Once the first process has ended, whatever it left in its group goes with it.
  child.once('exit', release);
  const exited = new Promise<SandboxExit>((resolve) => {
    const finish = (exit: Omit<SandboxExit, 'stoppedBy'>) => {
      release();
      if (ownFolder) rmSync(folder, { recursive: true, force: true });
      resolve({ ...exit, stoppedBy });
    };
    child.once('error', (error) => finish({ code: null, signal: null, error }));
    child.once('close', (code, signal) => finish({ code, signal, error: null }));
  });
  return { child, folder, exited, kill: () => stop('kill') };
}
