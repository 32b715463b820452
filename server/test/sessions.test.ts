import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { buildApp } from '../src/app/buildApp.js';
import {
  asUser,
  createTestServer,
  DEMO_PASSWORD,
  postLogin,
  signIn,
  totpCode,
  type TestServer,
} from './support/testServer.js';

const SESSION_INVALID = 'Your session is invalid or has expired. Please sign in again.';

let server: TestServer;
before(async () => {
  server = await createTestServer({ TOKEN_TTL_SECONDS: '600' });
});
after(() => server.close());

const recentWith = (token: string) => asUser(server, token).get('/api/patients/recent');

describe('access tokens', () => {
  it('each carry their own jti, also when issued in the same second', async () => {
    const token = await signIn(server, 'dr.patel');
    const [first, second] = await Promise.all([signIn(server, 'groupadmin'), signIn(server, 's.hughes')]);
    const rotated = (await asUser(server, token).post('/api/refresh-token')).json().token as string;
    const ids = [token, first, second, rotated].map((each) => decodeJwt(each).jti);
    assert.ok(ids.every((id) => typeof id === 'string' && id.length >= 32));
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('POST /api/logout', () => {
  it('ends the presented session only: that token gets 401 everywhere, the other one keeps working', async () => {
    const laptop = await signIn(server, 'dr.okafor');
    const phone = await signIn(server, 'dr.okafor');
    const answer = await asUser(server, laptop).post('/api/logout');
    assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(answer.json(), { message: 'You have been signed out.' });

    for (const response of [
      await recentWith(laptop),
      await asUser(server, laptop).post('/api/refresh-token'),
      await asUser(server, laptop).post('/api/logout'),
    ]) {
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { message: SESSION_INVALID });
    }
    assert.equal((await recentWith(phone)).statusCode, 200);
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/logout' });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Authentication required' });
  });

  it('drops revocations once their token has expired', async () => {
    const early = await signIn(server, 'r.viewer');
    await asUser(server, early).post('/api/logout');
    const revoked = async (token: string) =>
      (await server.app.ctx.db.query(`SELECT 1 FROM revoked_tokens WHERE jti = $1`, [decodeJwt(token).jti]))
        .rows.length === 1;
    assert.equal(await revoked(early), true);
    server.clock.advance(601_000);
    const later = await signIn(server, 'r.viewer');
    await asUser(server, later).post('/api/logout');
    assert.equal(await revoked(later), true);
    assert.equal(await revoked(early), false);
  });
});

describe('POST /api/refresh-token', () => {
  it('rotates: the old token stops working, and parallel refreshes with one token yield one new token', async () => {
    const token = await signIn(server, 's.hughes');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => asUser(server, token).post('/api/refresh-token')),
    );
    const succeeded = answers.filter((response) => response.statusCode === 200);
    assert.equal(succeeded.length, 1);
    assert.ok(answers.every((response) => [200, 401].includes(response.statusCode)));
    const rotated = succeeded[0]!.json().token as string;
    assert.equal((await recentWith(token)).statusCode, 401);
    assert.equal((await recentWith(rotated)).statusCode, 200);
  });
});

describe('ending sessions', () => {
  it('deactivating a user ends their sessions at once, and reactivating does not revive them', async () => {
    const token = await signIn(server, 'groupadmin');
    assert.equal((await recentWith(token)).statusCode, 200, 'the user is now in the user cache');
    await server.app.ctx.db.query(`UPDATE users SET user_active = 0 WHERE username = 'groupadmin'`);
    const refused = await recentWith(token);
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), { message: SESSION_INVALID });
    await server.app.ctx.db.query(`UPDATE users SET user_active = 1 WHERE username = 'groupadmin'`);
    assert.equal((await recentWith(token)).statusCode, 401);
    assert.equal((await recentWith(await signIn(server, 'groupadmin'))).statusCode, 200);
  });

  it('a revocation survives a restart of the server', async () => {
    const ended = await signIn(server, 't.reid');
    const kept = await signIn(server, 't.reid');
    await asUser(server, ended).post('/api/logout');
    await server.app.close();
    const restarted = await buildApp(server.config, { clock: server.clock.now });
    server = {
      ...server,
      app: restarted,
      async close() {
        await restarted.close();
        await rm(server.dataDir, { recursive: true, force: true });
      },
    };
    assert.equal((await recentWith(ended)).statusCode, 401);
    assert.equal((await recentWith(kept)).statusCode, 200);
  });
});

describe('setup and temp tokens of the two-factor step', () => {
  it('differ when minted at the same moment, and each works once', async () => {
    const [first, second] = await Promise.all([
      postLogin(server, { username: 'admin', password: DEMO_PASSWORD }),
      postLogin(server, { username: 'admin', password: DEMO_PASSWORD }),
    ]);
    const [a, b] = [first.json(), second.json()];
    assert.ok(a.setup_token && b.setup_token);
    assert.notEqual(a.setup_token, b.setup_token);
    // The later set-up replaced the earlier one: exactly one of the two completes, and only once.
    const attempts = [];
    for (const setup of [a, b]) {
      const body = {
        setup_token: setup.setup_token,
        totp_token: totpCode(setup.totp_secret, server.clock.now()),
      };
      const response = await postLogin(server, body);
      attempts.push(response.statusCode);
      if (response.statusCode === 200) assert.equal((await postLogin(server, body)).statusCode, 401);
    }
    assert.deepEqual(attempts.sort(), [200, 401]);

    server.clock.advance(30_000);
    const temps = await Promise.all([
      postLogin(server, { username: 'admin', password: DEMO_PASSWORD }),
      postLogin(server, { username: 'admin', password: DEMO_PASSWORD }),
    ]);
    const [t1, t2] = temps.map((response) => response.json().temp_token as string);
    assert.ok(t1 && t2);
    assert.notEqual(t1, t2);
  });
});
