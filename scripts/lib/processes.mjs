// Ports, readiness checks and the reference API server as a child process.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { serverApp } from './workspace.mjs';

/** A port that is free right now on `host` (the OS picks it). */
export function getFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves true when nothing listens on `port` at `host`. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * Throws one clear message naming every busy port and, for a part whose port a flag chooses (`flag`), that flag.
 * @param {{ port: number, what: string, flag?: string }[]} entries
 * @param {string} [host]
 * @param {string} [example] a command that starts on other ports
 */
export async function assertPortsFree(entries, host = '127.0.0.1', example) {
  const busy = [];
  for (const { port, what, flag } of entries) {
    if (!(await isPortFree(port, host))) {
      busy.push(`  port ${port} (${what})${flag ? `: choose another with ${flag}` : ''}`);
    }
  }
  if (busy.length > 0) {
    throw new Error(
      `These ports are already in use on ${host}:\n${busy.join('\n')}\n` +
        'Another copy of the suite (pnpm start / pnpm dev) or another program is running. Stop it ' +
        '(find it with: lsof -i :PORT)' +
        (example ? `, or start on other ports:\n  ${example}` : ', then try again.'),
    );
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until it answers with a status below 500.
 * @param {string} url
 * @param {{ timeoutMs?: number, failFast?: () => string | null }} [options] failFast: a reason to stop waiting early
 */
export async function waitForHttp(url, { timeoutMs = 60_000, failFast } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    const reason = failFast?.();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s (${lastError})`);
}

/**
 * Starts the reference API server (`node server/dist/main.js`) and resolves once `/api/health` answers.
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.host] default 127.0.0.1
 * @param {string} [options.dataDir] DATA_DIR (the server's default when absent)
 * @param {string[]} [options.corsOrigins] CORS_ORIGINS (the server's default when absent)
 * @param {Record<string, string>} [options.env] more environment variables
 * @param {(chunk: string) => void} [options.onOutput] server output; default: inherited
 * @param {string} [options.logFile] also write the output there
 * @param {boolean} [options.ownProcessGroup] keep Ctrl-C in the terminal from reaching the server directly, so that it
 *   is stopped only through `stop()` (SIGTERM and its graceful shutdown)
 */
export async function startApiServer(options) {
  const server = serverApp();
  if (!existsSync(server.entry))
    throw new Error(`${server.entry} is missing: build the server first (pnpm --filter ${server.pkg} build)`);
  const host = options.host ?? '127.0.0.1';
  const env = { ...process.env, PORT: String(options.port), HOST: host, ...options.env };
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.corsOrigins) env.CORS_ORIGINS = options.corsOrigins.join(',');
  const piped = Boolean(options.onOutput || options.logFile);
  const child = spawn(process.execPath, [server.entry], {
    cwd: server.dir,
    env,
    stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
    detached: Boolean(options.ownProcessGroup),
  });
  const logStream = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : null;
  let recentOutput = '';
  const onData = (data) => {
    const text = data.toString();
    recentOutput = (recentOutput + text).slice(-4000);
    logStream?.write(text);
    options.onOutput?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      logStream?.end();
      resolve(exited);
    });
  });
  let spawnError = null;
  child.on('error', (error) => {
    spawnError = error;
  });

  const url = `http://${host}:${options.port}`;
  const stop = async (timeoutMs = 15_000) => {
    if (exited) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (!exited) child.kill('SIGKILL');
    }, timeoutMs);
    const result = await exitPromise;
    clearTimeout(timer);
    return result;
  };

  try {
    await waitForHttp(`${url}/api/health`, {
      timeoutMs: 120_000,
      failFast: () => {
        if (spawnError) return `The API server could not start: ${spawnError.message}`;
        if (exited) {
          return (
            `The API server exited (${exited.signal ?? `code ${exited.code}`}) before answering on ${url}.` +
            (recentOutput ? `\nIts last output:\n${recentOutput}` : '')
          );
        }
        return null;
      },
    });
  } catch (error) {
    await stop(5000);
    throw error;
  }
  return { url, port: options.port, child, pid: child.pid, stop, exited: exitPromise };
}
