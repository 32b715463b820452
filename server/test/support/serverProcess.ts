import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs a TypeScript entry of the server in its own Node process, as `node dist/...` would; the condition makes
 * `@ewrt/contract` resolve to its sources, as in `pnpm test`.
 */
export function runEntry(entry: string, env: NodeJS.ProcessEnv, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--conditions=@ewrt/source', '--import', 'tsx', entry, ...args], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface WatchedProcess {
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

export function collect(child: ChildProcess): WatchedProcess {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { stdout: () => stdout, stderr: () => stderr, exit };
}

/** The URL a server process prints once it listens; fails if it exits first or takes over a minute. */
export async function waitForListening(output: () => string, exit: Promise<number | null>): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /API listening on (http:\/\/\S+)/.exec(output());
    if (match?.[1]) return match[1];
    const exited = await Promise.race([
      exit,
      new Promise((resolve) => setTimeout(() => resolve('running'), 100)),
    ]);
    if (exited !== 'running') throw new Error(`server exited early with ${String(exited)}`);
  }
  throw new Error('server did not start within 60 s');
}
