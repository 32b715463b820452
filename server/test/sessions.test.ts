import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { buildApp } from '../src/app/buildApp.js';
import { REFRESH_GRACE_SECONDS } from '../src/features/auth/createTokenService.js';
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
  const refresh = (token: string) => asUser(server, token).post('/api/refresh-token');
  const graceMs = REFRESH_GRACE_SECONDS * 1000;

  it('answers parallel refreshes with one token with one new token, and that session works', async () => {
    const token = await signIn(server, 's.hughes');
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(token)));
    for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
    const rotated = new Set(answers.map((answer) => answer.json().token as string));
    assert.equal(rotated.size, 1);
    const [newToken] = [...rotated] as [string];
    assert.notEqual(newToken, token);
    assert.equal((await recentWith(newToken)).statusCode, 200);
  });

  it('answers the same refresh sent again (its answer lost) with the same token; the old one works until that is used', async () => {
    const token = await signIn(server, 'dr.patel');
    const first = (await refresh(token)).json().token as string;
    server.clock.advance(graceMs - 2_000);
    assert.equal((await recentWith(token)).statusCode, 200, 'the old token keeps working meanwhile');
    const again = await refresh(token);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().token, first);

    assert.equal((await recentWith(first)).statusCode, 200);
    for (const refused of [await recentWith(token), await refresh(token)]) {
      assert.equal(refused.statusCode, 401, 'once the new token is used, the old one is done');
      assert.deepEqual(refused.json(), { message: SESSION_INVALID });
    }
    const next = await refresh(first);
    assert.equal(next.statusCode, 200, 'the session goes on with the new token');
    assert.notEqual(next.json().token, first);
  });

  it('refuses the old token once the grace has passed, used or not', async () => {
    const token = await signIn(server, 'dr.okafor');
    const rotated = (await refresh(token)).json().token as string;
    server.clock.advance(graceMs);
    assert.equal((await refresh(token)).statusCode, 401);
    assert.equal((await recentWith(token)).statusCode, 401);
    assert.equal((await recentWith(rotated)).statusCode, 200);
  });

  it('never brings back a session signed out with either token', async () => {
    const token = await signIn(server, 'groupadmin');
    const rotated = (await refresh(token)).json().token as string;
    assert.equal((await asUser(server, rotated).post('/api/logout')).statusCode, 200);
    assert.equal((await refresh(token)).statusCode, 401);
    assert.equal((await recentWith(token)).statusCode, 401);

    // Signing out with the old token, while its successor is unused, ends the successor too.
    const other = await signIn(server, 'groupadmin');
    const successor = (await refresh(other)).json().token as string;
    assert.equal((await asUser(server, other).post('/api/logout')).statusCode, 200);
    for (const refused of [await recentWith(successor), await refresh(successor), await refresh(other)]) {
      assert.equal(refused.statusCode, 401);
    }
  });

  it('ends both tokens at once when the user is deactivated or their two-factor is reset', async () => {
    const token = await signIn(server, 't.reid');
    const rotated = (await refresh(token)).json().token as string;
    await server.app.ctx.db.query(`UPDATE users SET user_active = 0 WHERE username = 't.reid'`);
    await server.app.ctx.db.query(`UPDATE users SET user_active = 1 WHERE username = 't.reid'`);
    for (const refused of [await refresh(token), await recentWith(token), await recentWith(rotated)]) {
      assert.equal(refused.statusCode, 401);
    }

    const groupAdmin = asUser(server, await signIn(server, 'groupadmin'));
    const again = await signIn(server, 't.reid');
    const successor = (await refresh(again)).json().token as string;
    const { id } = (
      await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 't.reid'`)
    ).rows[0]!;
    assert.equal((await groupAdmin.post(`/api/users/${id}/reset-2fa`)).statusCode, 200);
    for (const refused of [await refresh(again), await recentWith(again), await recentWith(successor)]) {
      assert.equal(refused.statusCode, 401);
    }
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

  it('a revocation and a rotation survive a restart of the server', async () => {
    const ended = await signIn(server, 't.reid');
    const kept = await signIn(server, 't.reid');
    await asUser(server, ended).post('/api/logout');
    const rotated = (await asUser(server, kept).post('/api/refresh-token')).json().token as string;
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
    // The rotation is in the database too: the same refresh after the restart answers the same token.
    const again = await asUser(server, kept).post('/api/refresh-token');
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().token, rotated);
    assert.equal((await recentWith(rotated)).statusCode, 200);
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
