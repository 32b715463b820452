#!/usr/bin/env node
// `pnpm start`: builds what is missing, then runs the production suite locally:
//   API server on http://localhost:4000 (embedded database in .data/server, demo organisation seeded on first start),
//   host on http://localhost:3000, each remote on its own port (mf-patients 3001, ...).
// Ctrl-C stops everything; the API server gets SIGTERM and shuts down gracefully.
import path from 'node:path';
import { startStaticServer } from './serve-static.mjs';
import { assertPortsFree, startApiServer, waitForHttp } from './lib/processes.mjs';
import { API_PORT, ROOT, buildStale, listWebApps, serverApp } from './lib/workspace.mjs';
import { printSignInHelp } from './lib/demoSignIn.mjs';
import { readHostConfig } from './lib/runtimeConfig.mjs';

const HOST = '127.0.0.1';

async function main() {
  const apps = listWebApps();
  if (!apps.some((app) => app.kind === 'host')) throw new Error('host/ is missing: nothing to start');
  const server = serverApp();

  await assertPortsFree([
    { port: API_PORT, what: 'API server' },
    ...apps.map((app) => ({ port: app.port, what: app.pkg })),
  ]);

  await buildStale([...apps, server]);

  const stoppers = [];
  let stopping = false;
  const stopAll = async (exitCode) => {
    if (stopping) return;
    stopping = true;
    console.info('\nStopping ...');
    for (const stop of stoppers.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error('Stopping failed:', error);
      }
    }
    console.info('Stopped.');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    console.info(`Starting the API server on http://localhost:${API_PORT} ...`);
    const api = await startApiServer({
      port: API_PORT,
      host: HOST,
      dataDir: path.join(ROOT, '.data', 'server'),
      // The server runs in its own process group so that Ctrl-C reaches it only as our SIGTERM.
      ownProcessGroup: true,
      // Request logs are for operators; people running the demo see warnings and the start-up line only.
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
      onOutput: (text) => process.stdout.write(text.replace(/^(?=.)/gm, '[server] ')),
    });
    stoppers.push(() => api.stop());
    void api.exited.then((result) => {
      if (!stopping) {
        console.error(
          `The API server stopped unexpectedly (${result.signal ?? `exit code ${result.code}`}).`,
        );
        void stopAll(1);
      }
    });

    // The routes come from every remote's declarations as they are now, even when only a remote was rebuilt.
    const runtimeConfig = readHostConfig();
    for (const app of apps) {
      const served = await startStaticServer({
        dir: path.join(app.dir, 'dist'),
        host: HOST,
        port: app.port,
        spa: app.kind === 'host',
        config: app.kind === 'host' ? runtimeConfig : undefined,
      });
      stoppers.push(served.close);
    }
    await Promise.all(apps.map((app) => waitForHttp(`http://${HOST}:${app.port}/`, { timeoutMs: 10_000 })));

    console.info('');
    for (const app of apps) console.info(`  ${app.pkg.padEnd(22)} http://localhost:${app.port}`);
    console.info(`  ${'API server'.padEnd(22)} http://localhost:${API_PORT}`);
    printSignInHelp('http://localhost:3000');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stopAll(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
