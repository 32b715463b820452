import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import {
  asUser,
  createTestServer,
  DEMO_PASSWORD,
  postLogin,
  signIn,
  totpCode,
  type TestServer,
} from './support/testServer.js';

const USER_FIELDS = [
  'Administrator',
  'ContactNumber',
  'Email',
  'Group',
  'Group_Name',
  'ID_User',
  'Name',
  'Username',
  'access_level',
  'created_at',
  'date_added',
  'group_admin',
  'is_2fa_enabled',
  'last_login',
  'txt_access_level',
  'user_active',
].sort();

let server: TestServer;
let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never affects another. */
const freshIp = () => `10.1.0.${++ipCounter}`;

before(async () => {
  server = await createTestServer({
    LOGIN_RATE_LIMIT_PER_USER: '5',
    LOGIN_RATE_LIMIT_PER_IP: '8',
    TOKEN_TTL_SECONDS: '600',
  });
});
after(() => server.close());

describe('POST /api/login with username and password', () => {
  it('answers 401 with the same message for an unknown user and a wrong password', async () => {
    const ip = freshIp();
    const unknown = await postLogin(server, { username: 'nobody', password: DEMO_PASSWORD }, ip);
    const wrong = await postLogin(server, { username: 's.hughes', password: 'not-the-password' }, ip);
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(unknown.json(), { message: 'Invalid username or password' });
    assert.deepEqual(wrong.json(), { message: 'Invalid username or password' });
  });

  it('answers 400 with a message for malformed payloads', async () => {
    const cases: { payload: string; message: string }[] = [
      { payload: '{}', message: 'Send a username and password, or a two-factor code with its token' },
      { payload: '[1,2]', message: 'Send a username and password, or a two-factor code with its token' },
      { payload: '{"username": 5, "password": "x"}', message: 'Username and password are required' },
      { payload: '{"username": "dr.patel"}', message: 'Username and password are required' },
      { payload: '{"setup_token": "abc"}', message: 'A two-factor code and its token are required' },
      {
        payload: '{"temp_token": 7, "totp_token": "123456"}',
        message: 'A two-factor code and its token are required',
      },
    ];
    for (const { payload, message } of cases) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: freshIp(),
      });
      assert.equal(response.statusCode, 400, payload);
      assert.deepEqual(response.json(), { message }, payload);
    }
  });

  it('refuses an inactive account with 403 only after the right password', async () => {
    const ip = freshIp();
    const right = await postLogin(server, { username: 'b.inactive', password: DEMO_PASSWORD }, ip);
    assert.equal(right.statusCode, 403);
    assert.equal(right.json().message, 'Your account is inactive. Please contact your administrator.');
    const wrong = await postLogin(server, { username: 'b.inactive', password: 'guess' }, ip);
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().message, 'Invalid username or password');
  });
});

describe('two-factor set-up and verification', () => {
  it('runs the whole flow with single-use, single-purpose tokens and codes', async () => {
    const ip = freshIp();
    server.clock.advance(30_000);
    const first = await postLogin(server, { username: 'dr.patel', password: DEMO_PASSWORD }, ip);
    assert.equal(first.statusCode, 200);
    const setup = first.json();
    assert.equal(setup.requires_2fa_setup, true);
    assert.equal(typeof setup.setup_token, 'string');
    assert.match(setup.totp_secret, /^[A-Z2-7]{32}$/);
    assert.equal(typeof setup.user_id, 'number');
    const uri = new URL(setup.totp_uri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), setup.totp_secret);
    assert.equal(uri.searchParams.get('algorithm'), 'SHA1');
    assert.equal(uri.searchParams.get('digits'), '6');
    assert.equal(uri.searchParams.get('period'), '30');
    assert.equal(setup.token, undefined);

    // The setup token is neither a temp token nor an access token.
    const asTemp = await postLogin(
      server,
      { temp_token: setup.setup_token, totp_token: totpCode(setup.totp_secret, server.clock.now()) },
      ip,
    );
    assert.equal(asTemp.statusCode, 401);
    assert.equal(asTemp.json().message, 'Your sign-in has expired. Please sign in again.');
    const asBearer = await asUser(server, setup.setup_token).get('/api/patients/recent');
    assert.equal(asBearer.statusCode, 401);

    const wrongCode = await postLogin(server, { setup_token: setup.setup_token, totp_token: '000000' }, ip);
    assert.equal(wrongCode.statusCode, 401);
    assert.equal(wrongCode.json().message, 'Invalid verification code');

    const setupCode = totpCode(setup.totp_secret, server.clock.now());
    const done = await postLogin(server, { setup_token: setup.setup_token, totp_token: setupCode }, ip);
    assert.equal(done.statusCode, 200, done.body);
    const { token, user } = done.json();
    assert.equal(typeof token, 'string');
    assert.deepEqual(Object.keys(user).sort(), USER_FIELDS);
    assert.equal(user.Username, 'dr.patel');
    assert.equal(user.Name, 'Dr Asha Patel');
    assert.equal(user.Group_Name, 'Northgate Medico-Legal (demo)');
    assert.equal(user.Administrator, 'no');
    assert.equal(user.group_admin, 'no');
    assert.equal(user.txt_access_level, 'Full Access');
    assert.equal(user.is_2fa_enabled, true);
    assert.equal(user.user_active, 1);
    assert.ok(user.last_login, 'last_login is set on sign-in');
    assert.ok(!JSON.stringify(done.json()).includes(setup.totp_secret), 'the secret never comes back');

    const reusedSetup = await postLogin(
      server,
      { setup_token: setup.setup_token, totp_token: setupCode },
      ip,
    );
    assert.equal(reusedSetup.statusCode, 401);

    // Second sign-in: verification with the stored secret.
    const second = await postLogin(server, { username: 'dr.patel', password: DEMO_PASSWORD }, ip);
    const challenge = second.json();
    assert.equal(challenge.requires_2fa, true);
    assert.equal(typeof challenge.temp_token, 'string');
    assert.equal(challenge.totp_secret, undefined);
    assert.equal(challenge.token, undefined);

    const reused = await postLogin(server, { temp_token: challenge.temp_token, totp_token: setupCode }, ip);
    assert.equal(reused.statusCode, 401);
    assert.equal(reused.json().message, 'This code has already been used. Please wait for the next code.');
    const previousStep = totpCode(setup.totp_secret, new Date(server.clock.now().getTime() - 30_000));
    const olderCode = await postLogin(
      server,
      { temp_token: challenge.temp_token, totp_token: previousStep },
      ip,
    );
    assert.equal(olderCode.statusCode, 401, 'a code of an earlier step is refused too');
    const wrong = await postLogin(server, { temp_token: challenge.temp_token, totp_token: '123' }, ip);
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().message, 'Invalid verification code');
    const asSetup = await postLogin(server, { setup_token: challenge.temp_token, totp_token: setupCode }, ip);
    assert.equal(asSetup.statusCode, 401, 'a temp token is not a setup token');

    const nextStep = totpCode(setup.totp_secret, new Date(server.clock.now().getTime() + 30_000));
    const verified = await postLogin(server, { temp_token: challenge.temp_token, totp_token: nextStep }, ip);
    assert.equal(verified.statusCode, 200, verified.body);
    assert.equal(verified.json().user.Username, 'dr.patel');
    const patients = await asUser(server, verified.json().token).get('/api/patients/recent');
    assert.equal(patients.statusCode, 200);

    const tempReused = await postLogin(
      server,
      { temp_token: challenge.temp_token, totp_token: nextStep },
      ip,
    );
    assert.equal(tempReused.statusCode, 401);
  });

  it('lets setup and temp tokens expire after 5 minutes', async () => {
    const ip = freshIp();
    server.clock.advance(30_000);
    const first = (await postLogin(server, { username: 'groupadmin', password: DEMO_PASSWORD }, ip)).json();
    server.clock.advance(5 * 60_000 + 1000);
    const late = await postLogin(
      server,
      { setup_token: first.setup_token, totp_token: totpCode(first.totp_secret, server.clock.now()) },
      ip,
    );
    assert.equal(late.statusCode, 401);
    assert.equal(late.json().message, 'Your sign-in has expired. Please sign in again.');
  });

  it('writes sign-in successes and failures to the audit log', async () => {
    const ip = freshIp();
    await postLogin(server, { username: 'r.viewer', password: 'wrong' }, ip);
    await signIn(server, 'r.viewer', ip);
    const { rows } = await server.app.ctx.db.query<{
      action: string;
      details: Record<string, unknown>;
      ip: string;
    }>(
      `SELECT a.action, a.details, a.ip FROM audit_log a JOIN users u ON u.id = a.user_id
        WHERE u.username = 'r.viewer' AND a.action LIKE 'auth.%' ORDER BY a.id`,
    );
    assert.deepEqual(
      rows.map((row) => row.action),
      ['auth.login_failed', 'auth.two_factor_enabled', 'auth.login_succeeded'],
    );
    assert.equal(rows[0]?.details.reason, 'wrong_password');
    assert.equal(rows[0]?.ip, ip);
  });
});

describe('sign-in rate limits', () => {
  it('blocks an account after too many failed attempts, from any address', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(server, { username: 't.reid', password: `wrong-${i}` }, freshIp());
      assert.equal(response.statusCode, 401);
    }
    const blocked = await postLogin(server, { username: 't.reid', password: DEMO_PASSWORD }, freshIp());
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().message, 'Too many sign-in attempts. Please wait 15 minutes and try again.');
    assert.equal(blocked.headers['retry-after'], '900');
    // Another account is not affected.
    const other = await postLogin(server, { username: 's.hughes', password: DEMO_PASSWORD }, freshIp());
    assert.equal(other.statusCode, 200);
    // The window passes.
    server.clock.advance(15 * 60_000 + 1000);
    const later = await postLogin(server, { username: 't.reid', password: DEMO_PASSWORD }, freshIp());
    assert.equal(later.statusCode, 200);
  });

  it('blocks an address after too many failed attempts, whatever the username', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i += 1) {
      assert.equal((await postLogin(server, { username: `guess${i}`, password: 'x' }, ip)).statusCode, 401);
    }
    const blocked = await postLogin(server, { username: 'dr.okafor', password: DEMO_PASSWORD }, ip);
    assert.equal(blocked.statusCode, 429);
    const elsewhere = await postLogin(server, { username: 'dr.okafor', password: DEMO_PASSWORD }, freshIp());
    assert.equal(elsewhere.statusCode, 200);
  });

  it('counts wrong two-factor codes against the account', async () => {
    const ip = freshIp();
    await signIn(server, 'groupadmin', ip);
    const challenge = (
      await postLogin(server, { username: 'groupadmin', password: DEMO_PASSWORD }, freshIp())
    ).json();
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin(
        server,
        { temp_token: challenge.temp_token, totp_token: '000000' },
        freshIp(),
      );
      assert.equal(response.statusCode, 401);
    }
    server.clock.advance(30_000);
    const secret = server.secrets.get('groupadmin')!;
    const blocked = await postLogin(
      server,
      { temp_token: challenge.temp_token, totp_token: totpCode(secret, server.clock.now()) },
      freshIp(),
    );
    assert.equal(blocked.statusCode, 429);
  });
});

describe('access tokens', () => {
  it('answers 401 with a message for a missing, malformed, foreign or expired token', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/api/patients/recent' });
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(missing.json(), { message: 'Authentication required' });

    const garbage = await asUser(server, 'not.a.token').get('/api/patients/recent');
    assert.equal(garbage.statusCode, 401);
    assert.equal(garbage.json().message, 'Your session is invalid or has expired. Please sign in again.');

    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('ewrt-server')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-secret-that-is-not-the-servers-secret'));
    assert.equal((await asUser(server, forged).get('/api/patients/recent')).statusCode, 401);

    const token = await signIn(server, 's.hughes', freshIp());
    assert.equal((await asUser(server, token).get('/api/patients/recent')).statusCode, 200);
    server.clock.advance(601_000);
    const expired = await asUser(server, token).get('/api/patients/recent');
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().message, 'Your session is invalid or has expired. Please sign in again.');
  });

  it('POST /api/refresh-token gives a fresh user and token, and 401 once the user is inactive', async () => {
    const token = await signIn(server, 'dr.okafor', freshIp());
    server.clock.advance(1000);
    const refreshed = await asUser(server, token).post('/api/refresh-token');
    assert.equal(refreshed.statusCode, 200, refreshed.body);
    const body = refreshed.json();
    assert.deepEqual(Object.keys(body).sort(), ['token', 'user']);
    assert.equal(body.user.Username, 'dr.okafor');
    assert.equal(body.user.Group_Name, 'Riverside Expert Practice (demo)');
    assert.notEqual(body.token, token);
    assert.equal((await asUser(server, body.token).get('/api/patients/recent')).statusCode, 200);

    assert.equal((await server.app.inject({ method: 'POST', url: '/api/refresh-token' })).statusCode, 401);

    await server.app.ctx.db.query(`UPDATE users SET user_active = 0 WHERE username = 'dr.okafor'`);
    const refused = await asUser(server, body.token).post('/api/refresh-token');
    assert.equal(refused.statusCode, 401);
    assert.equal(typeof refused.json().message, 'string');
    // The refresh read the account afresh, so every later request is refused too.
    assert.equal((await asUser(server, body.token).get('/api/patients/recent')).statusCode, 401);
    await server.app.ctx.db.query(`UPDATE users SET user_active = 1 WHERE username = 'dr.okafor'`);
  });

  it('POST /api/cache/invalidate-user makes account changes apply at once', async () => {
    const token = await signIn(server, 'admin', freshIp());
    const client = asUser(server, token);
    assert.equal((await client.get('/api/patients/recent')).statusCode, 200);
    await server.app.ctx.db.query(`UPDATE users SET group_id = NULL WHERE username = 'admin'`);
    // Still the cached account until the cache is invalidated.
    assert.equal((await client.get('/api/patients/recent')).statusCode, 200);
    const invalidated = await client.post('/api/cache/invalidate-user');
    assert.equal(invalidated.statusCode, 200);
    assert.deepEqual(invalidated.json(), { success: true });
    const noGroup = await client.get('/api/patients/recent');
    assert.equal(noGroup.statusCode, 403);
    assert.equal(noGroup.json().message, 'User group information is not available. Please log in again.');
    await server.app.ctx.db.query(
      `UPDATE users SET group_id = (SELECT id FROM groups WHERE name = 'Northgate Medico-Legal (demo)') WHERE username = 'admin'`,
    );
  });
});
