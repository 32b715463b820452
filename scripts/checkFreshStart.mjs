#!/usr/bin/env node
// `pnpm test:fresh-start`: the README's start command reaches "Ready" and its readiness report lists every
// capability. It runs `npm start` on free ports with a throw-away data folder, checks that each part answers on its
// chosen port and that the host's /config.json names them, then stops the suite with SIGTERM.
//   FRESH_START_FROM_CLONE=1  run it in a fresh `git clone` of this repository's HEAD (installs and builds
//                            everything: minutes) and print how long the first start took
// In CI the checkout is itself a fresh clone and this runs after the other tests built the apps.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { isPortFree } from './lib/processes.mjs';
import { detectCapabilities } from './lib/readinessReport.mjs';
import { ROOT } from './lib/workspace.mjs';

const FROM_CLONE = process.env.FRESH_START_FROM_CLONE === '1';
const REMOTES = 5;

/** `count` consecutive free ports, searched from `from` upwards. */
async function freePortRange(count, from) {
  for (let base = from; base < 65000; base += count + 7) {
    const ports = Array.from({ length: count }, (_, index) => base + index);
    const free = await Promise.all(ports.map((port) => isPortFree(port)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports above ${from}`);
}

/** Resolves with the output so far once `pattern` appears in it; rejects when the process ends first. */
function waitForOutput(child, output, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanUp();
      reject(new Error(`No ${pattern} within ${timeoutMs / 1000} s. Output:\n${output.text.slice(-4000)}`));
    }, timeoutMs);
    const onData = () => {
      if (pattern.test(output.text)) {
        cleanUp();
        resolve(output.text);
      }
    };
    const onExit = (code, signal) => {
      cleanUp();
      reject(
        new Error(
          `npm start ended (${signal ?? `exit code ${code}`}) before ${pattern}:\n${output.text.slice(-4000)}`,
        ),
      );
    };
    const cleanUp = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.on('data', onData);
    child.on('exit', onExit);
    onData();
  });
}

test(
  'the start command reaches "Ready" with a readiness report of every capability',
  { timeout: 45 * 60_000 },
  async () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-fresh-start-'));
    const root = FROM_CLONE ? path.join(workDir, 'clone') : ROOT;
    if (FROM_CLONE) {
      const clone = spawnSync('git', ['clone', '--quiet', ROOT, root], { stdio: 'inherit' });
      assert.equal(clone.status, 0, 'git clone failed');
    }
    const hostPort = await freePortRange(1, 43_000);
    const apiPort = await freePortRange(1, hostPort + 1);
    const remoteBasePort = await freePortRange(REMOTES, apiPort + 1);
    const dataDir = path.join(workDir, 'data');
    const logDir = path.join(ROOT, '.data', 'logs');
    mkdirSync(logDir, { recursive: true });
    const logFile = path.join(logDir, `fresh-start-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
    const log = createWriteStream(logFile);

    const started = Date.now();
    const child = spawn(
      'npm',
      [
        'start',
        '--',
        '--port',
        String(hostPort),
        '--api-port',
        String(apiPort),
        '--remote-base-port',
        String(remoteBasePort),
        '--data-dir',
        dataDir,
      ],
      // Its own process group: stopping it reaches npm, the start script and nothing of this test.
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
        env: { ...process.env, FORCE_COLOR: '0' },
      },
    );
    const output = { text: '' };
    const collect = (chunk) => {
      output.text += chunk.toString();
      log.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // 'close': the process has ended and its output has all been read, so the log can be closed after it.
    const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    try {
      const text = await waitForOutput(child, output, /^Ready in [\d.]+ s\.$/m, 40 * 60_000);
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `Ready after ${seconds.toFixed(1)} s (load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}); output in ${path.relative(ROOT, logFile)}`,
      );

      // Every capability the server knows, each on a line of its own: on or OFF, its name, why.
      const report = text.slice(text.indexOf('Readiness:'));
      const capabilities = await detectCapabilities({ ...process.env, DATA_DIR: dataDir }, root);
      assert.equal(capabilities.length, 7);
      for (const capability of capabilities) {
        assert.match(
          report,
          new RegExp(`^  (on |OFF)  ${capability.name.replace(/[()]/g, '\\$&')} +\\S`, 'm'),
          capability.name,
        );
      }

      // Each part answers on the port it was given, and the host's configuration points at them.
      const config = await (await fetch(`http://127.0.0.1:${hostPort}/config.json`)).json();
      assert.equal(config.apiBaseUrl, `http://localhost:${apiPort}`);
      const manifestPorts = config.remotes.map((remote) => Number(new URL(remote.manifestUrl).port)).sort();
      assert.deepEqual(
        manifestPorts,
        Array.from({ length: REMOTES }, (_, index) => remoteBasePort + index),
      );
      for (const port of manifestPorts) {
        assert.equal(
          (await fetch(`http://127.0.0.1:${port}/mf-manifest.json`)).status,
          200,
          `remote on ${port}`,
        );
      }
      const health = await fetch(`http://127.0.0.1:${apiPort}/api/health`, {
        headers: { Origin: `http://localhost:${hostPort}` },
      });
      assert.equal(health.status, 200);
      assert.equal(health.headers.get('access-control-allow-origin'), `http://localhost:${hostPort}`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 30_000);
      await exited;
      clearTimeout(timer);
      log.end();
      rmSync(workDir, { recursive: true, force: true });
    }
    // Stopped cleanly: the API server let go of its port.
    assert.ok(await isPortFree(apiPort), `port ${apiPort} still taken after stopping`);
  },
);
