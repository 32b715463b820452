// A complete, throw-away copy of the suite on free ports: production builds of the host and every remote, each on
// its own origin, and the reference API server on a fresh temporary data directory (seeded with the demo
// organisation). The end-to-end harness and the benchmark run against it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../serve-static.mjs';
import { getFreePort, startApiServer } from './processes.mjs';
import { pointConfigAt, readHostConfig } from './runtimeConfig.mjs';
import { buildStale, listWebApps, serverApp } from './workspace.mjs';

const LOOPBACK = '127.0.0.1';

/**
 * @param {object} [options]
 * @param {(line: string) => void} [options.log]
 * @param {boolean} [options.build] build missing or stale dist/ folders first (default true)
 * @param {{ key: string, remoteOrigins?: Record<string, string | null> }[]} [options.extraHosts] more copies of the host,
 *   each on its own origin, whose configuration points some remotes elsewhere (for example at a port nobody serves)
 * @param {Record<string, string>} [options.serverEnv] more environment for the API server
 * @param {string} [options.logDir] where the API server's output is written (server.log)
 */
export async function startTestStack(options = {}) {
  const log = options.log ?? (() => {});
  const apps = listWebApps();
  const host = apps.find((app) => app.kind === 'host');
  if (!host) throw new Error('The workspace has no host/ package');
  const remotes = apps.filter((app) => app.kind === 'remote');
  if (options.build !== false) await buildStale([...apps, serverApp()], { log });

  const stoppers = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) {
      try {
        await stopOne();
      } catch (error) {
        console.error('Stopping part of the test stack failed:', error);
      }
    }
    stoppers.length = 0;
  };

  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-data-'));
    stoppers.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const remoteOrigins = {};
    for (const remote of remotes) {
      const served = await startStaticServer({ dir: path.join(remote.dir, 'dist'), host: LOOPBACK, port: 0 });
      stoppers.push(served.close);
      remoteOrigins[remote.remoteName] = served.url;
      log(`${remote.pkg} served at ${served.url}`);
    }

    const apiPort = await getFreePort(LOOPBACK);
    const apiUrl = `http://${LOOPBACK}:${apiPort}`;
    const baseConfig = readHostConfig(host.dir);
    const hostSpecs = [{ key: 'main', remoteOrigins: {} }, ...(options.extraHosts ?? [])];
    const hosts = {};
    const configs = {};
    for (const spec of hostSpecs) {
      const config = pointConfigAt(baseConfig, {
        apiUrl,
        remoteOrigins: { ...remoteOrigins, ...spec.remoteOrigins },
      });
      const served = await startStaticServer({
        dir: path.join(host.dir, 'dist'),
        host: LOOPBACK,
        port: 0,
        spa: true,
        config,
      });
      stoppers.push(served.close);
      hosts[spec.key] = served.url;
      configs[spec.key] = config;
      log(`${host.pkg} (${spec.key}) served at ${served.url}`);
    }

    let logFile;
    if (options.logDir) {
      mkdirSync(options.logDir, { recursive: true });
      logFile = path.join(options.logDir, 'server.log');
      rmSync(logFile, { force: true });
    }
    const api = await startApiServer({
      port: apiPort,
      host: LOOPBACK,
      dataDir,
      corsOrigins: Object.values(hosts),
      logFile,
      onOutput: logFile ? undefined : () => {},
      env: {
        SEED_DEMO: 'true',
        // The tests sign in many times within minutes; the limits themselves are tested in the server's own tests.
        LOGIN_RATE_LIMIT_PER_USER: '10000',
        LOGIN_RATE_LIMIT_PER_IP: '10000',
        ...options.serverEnv,
      },
    });
    // Stoppers run last-in first-out: the server is gone before the data directory is removed.
    stoppers.push(() => api.stop());
    log(`API server listening at ${api.url} (data in ${dataDir})`);

    return {
      apiUrl: api.url,
      hostUrl: hosts.main,
      hosts,
      configs,
      remotes: remoteOrigins,
      remoteDirs: Object.fromEntries(
        remotes.map((remote) => [remote.remoteName, path.join(remote.dir, 'dist')]),
      ),
      dataDir,
      serverPid: api.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
