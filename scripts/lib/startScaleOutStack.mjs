// The suite past one machine, on this one, from the files of deploy/: a throw-away PostgreSQL cluster, s3rver as the
// object store, two API-role instances and some worker-role instances of the BUILT server (server/dist), each
// started from deploy/env.example with only the addresses replaced, and nginx on the rendered deploy/nginx/
// templates in front. The scale-out test and benchmark run against it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort, startApiServer, waitForHttp } from './processes.mjs';
import { renderNginxDeployment } from './renderNginxDeployment.mjs';
import { startNginx } from './startNginx.mjs';
import { startPostgresCluster } from './startPostgresCluster.mjs';
import { startS3rver } from './startS3rver.mjs';
import { ROOT, buildStale, listWebApps, serverApp } from './workspace.mjs';

const LOOPBACK = '127.0.0.1';
export const ENV_EXAMPLE = path.join(ROOT, 'deploy', 'env.example');

/** KEY=VALUE lines of deploy/env.example (comments and blank lines skipped). */
export function readEnvExample() {
  const env = {};
  for (const line of readFileSync(ENV_EXAMPLE, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/**
 * @param {object} [options]
 * @param {number} [options.workers] worker-role instances started with the API instances (default 2)
 * @param {Record<string, string>} [options.env] more environment for every instance
 * @param {(line: string) => void} [options.log]
 */
export async function startScaleOutStack(options = {}) {
  const log = options.log ?? (() => {});
  const apps = listWebApps();
  await buildStale([...apps, serverApp()], { log });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-scale-out-'));
  const stoppers = [async () => rmSync(workDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) {
      try {
        await stopOne();
      } catch (error) {
        console.error('Stopping part of the scale-out stack failed:', error);
      }
    }
    stoppers.length = 0;
  };

  try {
    const [postgres, s3] = await Promise.all([
      startPostgresCluster(),
      startS3rver(path.join(workDir, 's3'), 'ewrt-scale-out'),
    ]);
    stoppers.push(
      () => postgres.stop(),
      () => s3.stop(),
    );
    log(`PostgreSQL at ${postgres.databaseUrl}, s3rver at ${s3.endpoint}`);

    const apiPorts = [await getFreePort(), await getFreePort()];
    const remotePorts = {};
    for (const app of apps.filter((candidate) => candidate.kind === 'remote'))
      remotePorts[app.folder] = await getFreePort();
    const deployDir = path.join(workDir, 'nginx');
    const accessLog = path.join(deployDir, 'access.log');
    const rendered = renderNginxDeployment({
      outDir: deployDir,
      apiInstances: apiPorts.map((port) => `${LOOPBACK}:${port}`),
      publicHostname: LOOPBACK,
      listenAddress: LOOPBACK,
      hostPort: await getFreePort(),
      remotePorts,
      accessLog,
    });

    const example = readEnvExample();
    // What this machine decides; the rest of deploy/env.example is used as it stands.
    const owned = {
      DATABASE_URL: postgres.databaseUrl,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      // s3rver accepts any signature; the SDK needs some keys to sign with.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      HOST: LOOPBACK,
      CORS_ORIGINS: rendered.hostUrl,
      SEED_DEMO: 'true', // the demo accounts sign in
      LOG_LEVEL: 'warn',
    };
    const unnamed = Object.keys(owned).filter((key) => !(key in example));
    if (unnamed.length > 0) throw new Error(`deploy/env.example does not name ${unnamed.join(', ')}`);
    const baseEnv = { ...example, ...owned, ...options.env };

    const startInstance = async (name, role, port) => {
      const dataDir = path.join(workDir, name);
      mkdirSync(dataDir);
      const started = await startApiServer({
        port,
        host: LOOPBACK,
        dataDir,
        logFile: path.join(workDir, `${name}.log`),
        env: { ...baseEnv, SERVER_ROLE: role, PORT: String(port) },
      });
      stoppers.push(() => started.stop());
      await waitForHttp(`${started.url}/api/health/ready`, { timeoutMs: 30_000 });
      return { ...started, name, role };
    };
    // All at once: the migrations and the demo seed must run once, under their advisory lock.
    const workerCount = options.workers ?? 2;
    const started = await Promise.all([
      startInstance('api-1', 'api', apiPorts[0]),
      startInstance('api-2', 'api', apiPorts[1]),
      ...Array.from({ length: workerCount }, async (_, index) =>
        startInstance(`worker-${index + 1}`, 'worker', await getFreePort()),
      ),
    ]);

    const nginx = await startNginx({
      dir: deployDir,
      confFile: rendered.confFile,
      readyUrl: `${rendered.hostUrl}/api/health/live`,
    });
    stoppers.push(() => nginx.stop());
    log(`nginx at ${rendered.hostUrl} in front of ${apiPorts.map((port) => `:${port}`).join(' and ')}`);

    let workersStarted = workerCount;
    return {
      hostUrl: rendered.hostUrl,
      csp: rendered.csp,
      databaseUrl: postgres.databaseUrl,
      s3,
      env: baseEnv,
      remoteCount: apps.length - 1,
      apis: started.slice(0, 2),
      workers: started.slice(2),
      /** One more worker-role instance. */
      async startWorker() {
        workersStarted += 1;
        return startInstance(`worker-${workersStarted}`, 'worker', await getFreePort());
      },
      /** A mark in nginx's access log, for `requestsSince`. */
      logMark: () => {
        try {
          return statSync(accessLog).size;
        } catch {
          return 0;
        }
      },
      /**
       * The requests nginx logged since `mark`: method, path, status and the upstream that answered. nginx writes a
       * line once the response is sent (a WebSocket's once it closes): wait a moment after the last request.
       */
      requestsSince(mark) {
        return readFileSync(accessLog)
          .subarray(mark)
          .toString('utf8')
          .split('\n')
          .map((line) => /"(\S+) (\S+) [^"]*" (\d{3}) \d+ upstream=(\S+)/.exec(line))
          .filter(Boolean)
          .map((match) => ({
            method: match[1],
            path: match[2],
            status: Number(match[3]),
            upstream: match[4],
          }));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
