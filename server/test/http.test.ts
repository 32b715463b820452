import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startServer, type RunningServer } from '../src/app/startServer.js';
import { postAcrossStop } from './support/postAcrossStop.js';
import { createTestClock, makeTempDir, signIn, testConfig, type TestServer } from './support/testServer.js';

let running: RunningServer;
let server: TestServer;
let token: string;

before(async () => {
  const dataDir = await makeTempDir();
  const clock = createTestClock();
  const config = testConfig(dataDir, { BODY_LIMIT_BYTES: String(64 * 1024) });
  running = await startServer(config, { clock: clock.now });
  server = {
    app: running.app,
    config,
    clock,
    dataDir,
    secrets: new Map(),
    async close() {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  token = await signIn(server, 'dr.patel');
});
after(() => server.close());

const authorized = () => ({ authorization: `Bearer ${token}` });

describe('GET /api/health', () => {
  it('answers ok with the security headers of an API', async () => {
    const response = await running.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
    assert.equal(
      response.headers['content-security-policy'],
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.equal(response.headers['cache-control'], 'no-store');
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and a message, never a stack', async () => {
    const response = await running.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...authorized(), 'content-type': 'application/json' },
      payload: '{"FirstName": "Ann",',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { message: 'Malformed JSON in request body' });
  });

  it('answers an oversized body with 413 and a message', async () => {
    const response = await running.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...authorized(), 'content-type': 'application/json' },
      payload: JSON.stringify({ FirstName: 'x'.repeat(70 * 1024) }),
    });
    assert.equal(response.statusCode, 413);
    assert.deepEqual(response.json(), { message: 'Request body is too large (limit 64 KB)' });
  });

  it('answers a body that is not JSON with 415 and a message', async () => {
    const response = await running.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...authorized(), 'content-type': 'text/plain' },
      payload: 'FirstName=Ann',
    });
    assert.equal(response.statusCode, 415);
    assert.deepEqual(response.json(), { message: 'Unsupported content type; send JSON' });
  });

  it('accepts a JSON call without a body', async () => {
    const response = await running.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      headers: { ...authorized(), 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 200);
    // A refresh rotates the token: the presented one stops working.
    token = response.json().token;
  });

  it('answers an unknown path with 404 and a message', async () => {
    const response = await running.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: 'Not found: GET /api/nothing-here' });
  });
});

describe('CORS', () => {
  it('allows the configured origins with the Authorization header and without credentials', async () => {
    const response = await running.app.inject({
      method: 'OPTIONS',
      url: '/api/patients/1',
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(response.statusCode, 204);
    assert.equal(response.headers['access-control-allow-origin'], 'http://localhost:3001');
    assert.match(String(response.headers['access-control-allow-headers']), /Authorization/);
    assert.match(String(response.headers['access-control-allow-methods']), /PUT/);
    assert.equal(response.headers['access-control-allow-credentials'], undefined);
  });

  it('lets the remotes read the file name of a download (Content-Disposition)', async () => {
    const response = await running.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3001' },
    });
    assert.match(String(response.headers['access-control-expose-headers']), /Content-Disposition/);
  });

  it('gives other origins no CORS permission', async () => {
    const response = await running.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.example' },
    });
    assert.equal(response.headers['access-control-allow-origin'], undefined);
  });
});

describe('socket.io', () => {
  const connect = (auth: Record<string, unknown>): Socket =>
    connectSocket(running.url, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });

  it('accepts a valid token and emits connection_established', async () => {
    const socket = connect({ token });
    try {
      const payload = await new Promise<{ message: string; user_id: number }>((resolve, reject) => {
        socket.on('connection_established', resolve);
        socket.on('connect_error', reject);
      });
      assert.equal(payload.message, 'Connected');
      assert.equal(typeof payload.user_id, 'number');
    } finally {
      socket.disconnect();
    }
  });

  it('a sign-out closes the live connections of its token, and only those', async () => {
    const signingOut = await signIn(server, 's.hughes');
    const connected = (socket: Socket) =>
      new Promise<void>((resolve, reject) => {
        socket.on('connection_established', () => resolve());
        socket.on('connect_error', reject);
      });
    const leaving = connect({ token: signingOut });
    const staying = connect({ token });
    try {
      await Promise.all([connected(leaving), connected(staying)]);
      const closed = new Promise<string>((resolve, reject) => {
        leaving.on('disconnect', resolve);
        setTimeout(() => reject(new Error('the signed-out connection stayed open')), 3000).unref();
      });
      const response = await running.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${signingOut}` },
      });
      assert.equal(response.statusCode, 200);
      assert.equal(await closed, 'io server disconnect');
      assert.equal(staying.connected, true, 'another session keeps its connection');
    } finally {
      leaving.disconnect();
      staying.disconnect();
    }
  });

  it('rejects a missing or bad token', async () => {
    for (const auth of [{}, { token: 'forged.token.value' }]) {
      const socket = connect(auth);
      try {
        const error = await new Promise<Error>((resolve, reject) => {
          socket.on('connect_error', resolve);
          socket.on('connection_established', () => reject(new Error('connected without a valid token')));
        });
        assert.match(error.message, /Authentication required|invalid or has expired/);
      } finally {
        socket.disconnect();
      }
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when the server is asked to stop', async () => {
    const body = JSON.stringify({
      FirstName: 'Inflight',
      Surname: 'Patient',
      DateOfBirth: '1985-06-06',
      MRN: 'DEMO-6001',
    });
    let closing: Promise<void> | undefined;
    // The rest of the body arrives only after the stop has begun.
    const answer = postAcrossStop(`${running.url}/api/patients`, body, {
      headers: authorized(),
      stop: () => {
        closing = running.close();
      },
      stopAfterMs: 100,
      restAfterMs: 100,
    });
    const result = await answer;
    assert.equal(result.status, 201, result.body);
    assert.equal(JSON.parse(result.body).patient.FirstName, 'Inflight');
    await closing;
  });
});
