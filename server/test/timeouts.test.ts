import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startServer, type RunningServer } from '../src/app/startServer.js';
import { postAcrossStop } from './support/postAcrossStop.js';
import { collect, runEntry, waitForListening } from './support/serverProcess.js';
import { DEMO_PASSWORD, makeTempDir, testConfig } from './support/testServer.js';

const tempDirs: string[] = [];
after(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

async function tempDataDir(): Promise<string> {
  const dir = await makeTempDir('ewrt-timeouts-test-');
  tempDirs.push(dir);
  return dir;
}

/** A raw connection that writes `text` and then nothing; resolves with all it received once the server closes it. */
function sendAndStall(url: string, text: string): { socket: Socket; closed: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(text);
  const closed = new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
  return { socket, closed };
}

const answerBody = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;

describe('a client that stalls', () => {
  let running: RunningServer;

  before(async () => {
    const config = testConfig(await tempDataDir(), {
      HEADERS_TIMEOUT_MS: '400',
      REQUEST_TIMEOUT_MS: '800',
      KEEP_ALIVE_TIMEOUT_MS: '300',
    });
    running = await startServer(config);
  });
  after(() => running.close());

  it('is answered 408 and disconnected when its headers stop arriving', async () => {
    const startedAt = Date.now();
    const { closed } = sendAndStall(running.url, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const raw = await closed;
    const elapsed = Date.now() - startedAt;
    assert.match(raw, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.deepEqual(answerBody(raw), { message: 'The request did not arrive in time' });
    assert.ok(elapsed >= 350 && elapsed < 2000, `closed after ${elapsed} ms`);
  });

  it('is answered 408 and disconnected when its body stops arriving', async () => {
    const startedAt = Date.now();
    const { closed } = sendAndStall(
      running.url,
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    );
    const raw = await closed;
    const elapsed = Date.now() - startedAt;
    assert.match(raw, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.deepEqual(answerBody(raw), { message: 'The request did not arrive in time' });
    assert.ok(elapsed >= 750 && elapsed < 3000, `closed after ${elapsed} ms`);
  });

  it('has an idle keep-alive connection closed after the keep-alive time-out', async () => {
    const startedAt = Date.now();
    const { closed } = sendAndStall(running.url, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const raw = await closed;
    const elapsed = Date.now() - startedAt;
    assert.match(raw, /^HTTP\/1\.1 200 OK\r\n/);
    assert.ok(elapsed >= 250 && elapsed < 2000, `closed after ${elapsed} ms`);
  });
});

describe('SIGTERM to a server that a client holds with a request it never finishes', () => {
  it('completes the request in flight, then exits 0 within the shutdown time-out', async () => {
    const shutdownMs = 2000;
    const child = runEntry('src/main.ts', {
      DATA_DIR: await tempDataDir(),
      PORT: '0',
      SHUTDOWN_TIMEOUT_MS: String(shutdownMs),
      // Far beyond the test: only the shutdown time-out can end the stalled request.
      HEADERS_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '60000',
      CONNECTION_TIMEOUT_MS: '60000',
    });
    const output = collect(child);
    try {
      const url = await waitForListening(output.stdout, output.exit);
      const stalled = sendAndStall(
        url,
        'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"username":',
      );

      const body = JSON.stringify({ username: 'groupadmin', password: DEMO_PASSWORD });
      let stopAt = 0;
      // Both requests are open when the stop begins; the rest of this body arrives only afterwards.
      const inFlight = postAcrossStop(`${url}/api/login`, body, {
        stop: () => {
          stopAt = Date.now();
          child.kill('SIGTERM');
        },
        stopAfterMs: 300,
        restAfterMs: 200,
      });

      const answer = await inFlight;
      assert.equal(answer.status, 200, answer.body);
      assert.equal(JSON.parse(answer.body).requires_2fa_setup, true);

      const code = await output.exit;
      const stoppedAfter = Date.now() - stopAt;
      assert.equal(code, 0, output.stderr());
      assert.match(output.stdout(), /Server stopped/);
      // The grace period, plus closing socket.io and the database; well short of the forced exit.
      assert.ok(stoppedAfter >= shutdownMs - 100, `stopped after ${stoppedAfter} ms`);
      assert.ok(stoppedAfter < shutdownMs + 4000, `stopped after ${stoppedAfter} ms`);
      assert.equal(await stalled.closed, '', 'the stalled request is cut off without an answer');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
