// The port flags and settings of `npm start`: where each part listens, what the host's runtime configuration
// says, which origins the API accepts, and the message when a port is taken.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { assertPortsFree } from '../lib/processes.mjs';
import { readHostConfig } from '../lib/runtimeConfig.mjs';
import { planSuite, readSuitePorts, runtimeConfigFor } from '../lib/suitePorts.mjs';
import { ROOT } from '../lib/workspace.mjs';

const GENERATOR = path.join(ROOT, 'scripts', 'generateRuntimeConfig.mjs');

const portOf = (plan, folder) => plan.apps.find((app) => app.folder === folder).port;

describe('reading the ports', () => {
  it('defaults to 3000 for the host, 4000 for the API and 3001 onwards for the remotes', () => {
    assert.deepEqual(readSuitePorts([], {}), {
      hostPort: 3000,
      apiPort: 4000,
      remoteBasePort: 3001,
      rest: [],
    });
  });

  it('takes flags (spaced or with =), settings, and a flag over its setting', () => {
    const ports = readSuitePorts(
      ['--port', '3100', '--api-port=4100', '--no-system-tools'],
      {
        HOST_PORT: '5000',
        API_PORT: '5001',
        REMOTE_BASE_PORT: '3201',
      },
      ['--no-system-tools'],
    );
    assert.deepEqual(ports, {
      hostPort: 3100,
      apiPort: 4100,
      remoteBasePort: 3201,
      rest: ['--no-system-tools'],
    });
  });

  it('refuses a port that is not one, naming the flag and the setting', () => {
    assert.throws(
      () => readSuitePorts(['--api-port', '70000'], {}),
      /--api-port \(or API_PORT\) must be a port number/,
    );
    assert.throws(() => readSuitePorts([], { HOST_PORT: 'abc' }), /--port \(or HOST_PORT\)/);
    assert.throws(() => readSuitePorts(['--remote-base-port'], {}), /--remote-base-port needs a port number/);
    assert.throws(() => readSuitePorts(['--prot', '3000'], {}), /Unknown option "--prot"/);
  });
});

describe('the suite on chosen ports', () => {
  const plan = planSuite({ hostPort: 3100, apiPort: 4100, remoteBasePort: 3201 });

  it('puts the host on --port and every remote at its place after --remote-base-port', () => {
    assert.equal(portOf(plan, 'host'), 3100);
    assert.equal(portOf(plan, 'mf-patients'), 3201);
    assert.equal(portOf(plan, 'mf-documents'), 3202);
    assert.equal(portOf(plan, 'mf-reports'), 3203);
    assert.equal(portOf(plan, 'mf-transcription'), 3204);
    assert.equal(portOf(plan, 'mf-admin'), 3205);
    assert.equal(plan.apiUrl, 'http://localhost:4100');
    assert.equal(plan.parts.find((part) => part.what === 'API server').port, 4100);
  });

  it('lets the API server accept the pages of every chosen port, and no default one', () => {
    for (const port of [3100, 3201, 3205]) {
      assert.ok(plan.corsOrigins.includes(`http://localhost:${port}`), String(port));
      assert.ok(plan.corsOrigins.includes(`http://127.0.0.1:${port}`), String(port));
    }
    assert.ok(!plan.corsOrigins.includes('http://localhost:3000'));
  });

  it('serves the host a runtime configuration that names the chosen API and remote ports', () => {
    const config = runtimeConfigFor(plan, readHostConfig());
    assert.equal(config.apiBaseUrl, 'http://localhost:4100');
    assert.equal(config.socketUrl, 'http://localhost:4100');
    const manifests = Object.fromEntries(config.remotes.map((remote) => [remote.name, remote.manifestUrl]));
    assert.equal(manifests.mf_patients, 'http://localhost:3201/mf-manifest.json');
    assert.equal(manifests.mf_admin, 'http://localhost:3205/mf-manifest.json');
    assert.ok(config.remotes.every((remote) => remote.routes.length > 0));
  });

  it('refuses two parts on one port, naming both flags', () => {
    assert.throws(
      () => planSuite({ hostPort: 3002, apiPort: 4000, remoteBasePort: 3001 }),
      /would both listen on port 3002: change --port or --remote-base-port/,
    );
    assert.throws(
      () => planSuite({ hostPort: 3000, apiPort: 65534, remoteBasePort: 65533 }),
      /change --remote-base-port or --api-port|choose a lower --remote-base-port/,
    );
  });
});

describe('a port that is taken', () => {
  it('is named with the flag that chooses another', async () => {
    const blocker = createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = blocker.address().port;
    try {
      const plan = planSuite({ hostPort: 3100, apiPort: taken, remoteBasePort: 3201 });
      await assert.rejects(
        assertPortsFree(plan.parts, '127.0.0.1', 'npm start -- --api-port 4200'),
        (error) => {
          assert.match(
            error.message,
            new RegExp(`port ${taken} \\(API server\\): choose another with --api-port`),
          );
          assert.match(error.message, /start on other ports:\n {2}npm start -- --api-port 4200/);
          return true;
        },
      );
    } finally {
      blocker.close();
    }
  });
});

describe('the runtime configuration generator', () => {
  it('takes --api-port and --remote-base-port like the start command', () => {
    const output = execFileSync(
      process.execPath,
      [GENERATOR, '--stdout', '--api-port', '4100', '--remote-base-port=3201'],
      { encoding: 'utf8', env: { ...process.env, API_PORT: '', REMOTE_BASE_PORT: '' } },
    );
    const config = JSON.parse(output);
    assert.equal(config.apiBaseUrl, 'http://localhost:4100');
    assert.deepEqual(config.remotes.map((remote) => new URL(remote.manifestUrl).port).sort(), [
      '3201',
      '3202',
      '3203',
      '3204',
      '3205',
    ]);
  });
});
