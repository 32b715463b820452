#!/usr/bin/env node
// `npm start` / `pnpm start`: from a machine with only Node.js and npm to the running production suite.
//   1. bootstrap: the pinned pnpm, the Debian tools the product uses (when allowed), the workspace's packages;
//   2. builds what is missing or stale, two apps at a time where memory allows, one line per app (full log in
//      .data/logs);
//   3. starts the API server (embedded database in .data/server, demo organisation seeded on first start), the host
//      and each remote on its own port, and prints the readiness report and "Ready".
// Options (each also an environment variable):
//   --port N              the host (HOST_PORT, default 3000)
//   --api-port N          the API server (API_PORT, default 4000)
//   --remote-base-port N  the first remote; the others follow (REMOTE_BASE_PORT, default 3001)
//   --data-dir DIR        the API server's data (DATA_DIR, default .data/server)
//   --no-system-tools     install no Debian packages (EWRT_SYSTEM_TOOLS=skip)
// Ctrl-C stops everything; the API server gets SIGTERM and shuts down gracefully.
import path from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { startStaticServer } from './serve-static.mjs';
import { assertPortsFree, startApiServer, waitForHttp } from './lib/processes.mjs';
import { buildStale, ROOT, serverApp } from './lib/workspace.mjs';
import { printSignInHelp } from './lib/demoSignIn.mjs';
import { readHostConfig } from './lib/runtimeConfig.mjs';
import { formatReadinessReport, detectCapabilities } from './lib/readinessReport.mjs';
import { planSuite, readSuitePorts, runtimeConfigFor } from './lib/suitePorts.mjs';

const HOST = '127.0.0.1';
const USAGE =
  'Usage: npm start -- [--port N] [--api-port N] [--remote-base-port N] [--data-dir DIR] [--no-system-tools]';

/** `--data-dir DIR` taken out of argv (the port flags are read by readSuitePorts). */
function takeDataDir(argv) {
  const rest = [...argv];
  const index = rest.findIndex((arg) => arg === '--data-dir' || arg.startsWith('--data-dir='));
  if (index < 0) return { dataDir: null, rest };
  const [flag, inline] = rest[index].split(/=(.*)/s, 2);
  const value = inline ?? rest[index + 1];
  if (!value) throw new Error(`${flag} needs a folder`);
  rest.splice(index, inline === undefined ? 2 : 1);
  return { dataDir: path.resolve(value), rest };
}

async function main() {
  const startedAt = Date.now();
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.info(USAGE);
    return;
  }
  const { dataDir: dataDirFlag, rest } = takeDataDir(argv);
  const ports = readSuitePorts(rest, process.env, ['--no-system-tools']);
  const dataDir =
    dataDirFlag ?? path.resolve(process.env.DATA_DIR?.trim() || path.join(ROOT, '.data', 'server'));

  bootstrap({
    purpose: 'product',
    systemTools: !ports.rest.includes('--no-system-tools') && process.env.EWRT_SYSTEM_TOOLS !== 'skip',
  });

  const plan = planSuite(ports);
  if (!plan.apps.some((app) => app.kind === 'host')) throw new Error('host/ is missing: nothing to start');
  await assertPortsFree(
    plan.parts,
    HOST,
    `npm start -- --port ${ports.hostPort + 100} --api-port ${ports.apiPort + 100} --remote-base-port ${ports.remoteBasePort + 100}`,
  );

  await buildStale([...plan.apps, serverApp()]);

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
    console.info(`Starting the API server on ${plan.apiUrl} ...`);
    // Request logs are for operators; people running the demo see warnings and the start-up line only.
    const serverEnv = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
    const api = await startApiServer({
      port: ports.apiPort,
      host: HOST,
      dataDir,
      corsOrigins: plan.corsOrigins,
      // The server runs in its own process group so that Ctrl-C reaches it only as our SIGTERM.
      ownProcessGroup: true,
      env: serverEnv,
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
    const runtimeConfig = runtimeConfigFor(plan, readHostConfig());
    for (const app of plan.apps) {
      const served = await startStaticServer({
        dir: path.join(app.dir, 'dist'),
        host: HOST,
        port: app.port,
        spa: app.kind === 'host',
        config: app.kind === 'host' ? runtimeConfig : undefined,
      });
      stoppers.push(served.close);
    }
    await Promise.all(
      plan.apps.map((app) => waitForHttp(`http://${HOST}:${app.port}/`, { timeoutMs: 10_000 })),
    );

    console.info('');
    for (const app of plan.apps) console.info(`  ${app.pkg.padEnd(22)} http://localhost:${app.port}`);
    console.info(`  ${'API server'.padEnd(22)} ${plan.apiUrl}`);
    console.info('');
    const capabilities = await detectCapabilities({
      ...process.env,
      ...serverEnv,
      DATA_DIR: dataDir,
    });
    console.info(formatReadinessReport(capabilities).join('\n'));
    console.info(`\nReady in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
    printSignInHelp(plan.hostUrl);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stopAll(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
