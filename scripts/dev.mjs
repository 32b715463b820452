#!/usr/bin/env node
// `pnpm dev`: the suite with live reload. webpack dev servers for the host (3000) and every remote (3001, ...),
// `tsx watch` for the API server (4000, data in .data/server). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { assertPortsFree, waitForHttp } from './lib/processes.mjs';
import { API_PORT, ROOT, listWebApps, serverApp } from './lib/workspace.mjs';
import { printSignInHelp } from './lib/demoSignIn.mjs';

const HOST = '127.0.0.1';
const COLOURS = [36, 35, 33, 32, 34, 91, 92];

function run(label, pkg, colour, env = {}) {
  // Each child leads its own process group so that stopping it also stops what pnpm started under it.
  const child = spawn('pnpm', ['--filter', pkg, 'run', 'dev'], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = process.stdout.isTTY ? `\x1b[${colour}m[${label}]\x1b[0m ` : `[${label}] `;
  const forward = (stream) => (data) => stream.write(data.toString().replace(/^(?=.)/gm, prefix));
  child.stdout.on('data', forward(process.stdout));
  child.stderr.on('data', forward(process.stderr));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.on('error', (error) => console.error(`${prefix}could not start: ${error.message}`));
  return { label, child, exited };
}

function stopGroup(proc, timeoutMs = 10_000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return Promise.resolve();
  try {
    process.kill(-proc.child.pid, 'SIGTERM');
  } catch {
    return Promise.resolve();
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-proc.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, timeoutMs);
  return proc.exited.then(() => clearTimeout(timer));
}

async function main() {
  const apps = listWebApps();
  const server = serverApp();
  await assertPortsFree([
    { port: API_PORT, what: 'API server' },
    ...apps.map((app) => ({ port: app.port, what: app.pkg })),
  ]);

  const procs = [];
  let stopping = false;
  const stopAll = async (exitCode) => {
    if (stopping) return;
    stopping = true;
    console.info('\nStopping ...');
    await Promise.all(procs.map((proc) => stopGroup(proc)));
    console.info('Stopped.');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  procs.push(
    run('server', server.pkg, COLOURS[0], {
      PORT: String(API_PORT),
      HOST,
      DATA_DIR: path.join(ROOT, '.data', 'server'),
    }),
  );
  apps.forEach((app, index) => procs.push(run(app.folder, app.pkg, COLOURS[(index + 1) % COLOURS.length])));
  for (const proc of procs) {
    void proc.exited.then((result) => {
      if (!stopping) {
        console.error(
          `[${proc.label}] stopped unexpectedly (${result.signal ?? `exit code ${result.code}`}); stopping the rest.`,
        );
        void stopAll(1);
      }
    });
  }

  try {
    await Promise.all([
      waitForHttp(`http://${HOST}:${API_PORT}/api/health`, { timeoutMs: 180_000 }),
      // The dev servers bind "localhost" (webpack's choice), which may be ::1 rather than 127.0.0.1.
      ...apps.map((app) => waitForHttp(`http://localhost:${app.port}/`, { timeoutMs: 300_000 })),
    ]);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stopAll(1);
    return;
  }
  console.info('');
  for (const app of apps)
    console.info(`  ${app.pkg.padEnd(22)} http://localhost:${app.port} (webpack serve)`);
  console.info(`  ${'API server'.padEnd(22)} http://localhost:${API_PORT} (tsx watch)`);
  printSignInHelp('http://localhost:3000');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
