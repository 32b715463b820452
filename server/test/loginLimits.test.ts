import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { verifyAgainstDummy, verifyPassword, type PasswordVerifier } from '../src/features/auth/passwords.js';
import {
  createTestServer,
  DEMO_PASSWORD,
  postLogin,
  signIn,
  totpCode,
  type TestServer,
} from './support/testServer.js';

const ACCOUNT_LIMIT = 10;
const ADDRESS_LIMIT = 50;
const FREE_ATTEMPTS = 5;

let server: TestServer;
/** Every password check sign-in makes, wrong or right, known user or not. */
let passwordChecks = 0;
const countingVerifier: PasswordVerifier = {
  async verify(hash, password) {
    passwordChecks += 1;
    return verifyPassword(hash, password);
  },
  async verifyAgainstDummy(password) {
    passwordChecks += 1;
    await verifyAgainstDummy(password);
  },
};

let addressCounter = 0;
const freshAddress = () => `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const statusesOf = (responses: LightMyRequestResponse[]) => {
  const counts = new Map<number, number>();
  for (const response of responses)
    counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
  return counts;
};

before(async () => {
  server = await createTestServer(
    {
      LOGIN_RATE_LIMIT_PER_USER: String(ACCOUNT_LIMIT),
      LOGIN_RATE_LIMIT_PER_IP: String(ADDRESS_LIMIT),
      LOGIN_FREE_ATTEMPTS_PER_ADDRESS: String(FREE_ATTEMPTS),
    },
    { passwordVerifier: countingVerifier },
  );
});
after(() => server.close());

describe('wrong passwords sent in parallel', () => {
  it('reach the password check no more often than the limit, and the owner still signs in elsewhere', async () => {
    const attacker = freshAddress();
    passwordChecks = 0;
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postLogin(server, { username: 'dr.patel', password: `guess-${i}` }, attacker),
      ),
    );
    const statuses = statusesOf(guesses);
    assert.ok(passwordChecks <= ACCOUNT_LIMIT, `${passwordChecks} passwords were checked`);
    assert.equal(passwordChecks, FREE_ATTEMPTS, 'one address gets its free attempts, then waits');
    assert.equal(statuses.get(401), passwordChecks, 'every checked guess is answered 401');
    assert.equal(statuses.get(429), 50 - passwordChecks);
    const refused = guesses.find((response) => response.statusCode === 429)!;
    assert.equal(refused.json().message, 'Too many sign-in attempts. Please wait 1 second and try again.');
    assert.equal(refused.headers['retry-after'], '1');

    passwordChecks = 0;
    await signIn(server, 'dr.patel', freshAddress());
    assert.equal(passwordChecks, 1);
  });

  it('from many addresses stop at the account ceiling, which spares known addresses and expires', async () => {
    const home = freshAddress();
    await signIn(server, 's.hughes', home);
    passwordChecks = 0;
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postLogin(server, { username: 's.hughes', password: `guess-${i}` }, freshAddress()),
      ),
    );
    assert.equal(passwordChecks, ACCOUNT_LIMIT);
    assert.equal(statusesOf(guesses).get(401), ACCOUNT_LIMIT);

    const elsewhere = await postLogin(
      server,
      { username: 'S.Hughes ', password: DEMO_PASSWORD },
      freshAddress(),
    );
    assert.equal(elsewhere.statusCode, 429, 'the ceiling counts the account, however its name is typed');
    assert.equal(
      elsewhere.json().message,
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
    assert.equal(elsewhere.headers['retry-after'], '900');

    // Where the owner signed in before, the stranger's guesses do not lock them out.
    await signIn(server, 's.hughes', home);

    server.clock.advance(15 * 60_000);
    await signIn(server, 's.hughes', freshAddress());
  });

  it('from one address make it wait longer after each further guess', async () => {
    const address = freshAddress();
    const guess = () => postLogin(server, { username: 'r.viewer', password: 'wrong' }, address);
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) assert.equal((await guess()).statusCode, 401);
    for (const seconds of [1, 2, 4, 8]) {
      const early = await guess();
      assert.equal(early.statusCode, 429);
      assert.equal(early.headers['retry-after'], String(seconds));
      server.clock.advance(seconds * 1000 - 1);
      assert.equal((await guess()).statusCode, 429, `still waiting ${seconds} s`);
      server.clock.advance(1);
      assert.equal((await guess()).statusCode, 401);
    }
    const waited = await guess();
    assert.equal(waited.json().message, 'Too many sign-in attempts. Please wait 16 seconds and try again.');
  });

  it('from one address over many accounts block that address only for accounts not signed in there', async () => {
    const office = freshAddress();
    await signIn(server, 't.reid', office);
    passwordChecks = 0;
    const guesses = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 10 }, (_, i) =>
        postLogin(server, { username: `nobody-${i}`, password: 'x' }, office),
      ),
    );
    assert.equal(passwordChecks, ADDRESS_LIMIT);
    assert.equal(statusesOf(guesses).get(429), 10);
    const newcomer = await postLogin(server, { username: 'groupadmin', password: DEMO_PASSWORD }, office);
    assert.equal(newcomer.statusCode, 429);
    await signIn(server, 't.reid', office);
  });
});

describe('wrong two-factor codes sent in parallel', () => {
  it('are checked no more often than the limits allow, for verification and set-up alike', async () => {
    const home = freshAddress();
    await signIn(server, 'dr.okafor', home);
    const secret = server.secrets.get('dr.okafor')!;
    const challenge = (
      await postLogin(server, { username: 'dr.okafor', password: DEMO_PASSWORD }, freshAddress())
    ).json();
    assert.equal(challenge.requires_2fa, true);

    const fromOnePlace = freshAddress();
    const sameAddress = await Promise.all(
      Array.from({ length: 30 }, () =>
        postLogin(server, { temp_token: challenge.temp_token, totp_token: '000000' }, fromOnePlace),
      ),
    );
    assert.equal(statusesOf(sameAddress).get(401), FREE_ATTEMPTS);
    const manyAddresses = await Promise.all(
      Array.from({ length: 30 }, () =>
        postLogin(server, { temp_token: challenge.temp_token, totp_token: '000000' }, freshAddress()),
      ),
    );
    assert.equal(statusesOf(manyAddresses).get(401), ACCOUNT_LIMIT - FREE_ATTEMPTS);

    server.clock.advance(30_000);
    const rightCode = { temp_token: challenge.temp_token, totp_token: totpCode(secret, server.clock.now()) };
    const stranger = await postLogin(server, rightCode, freshAddress());
    assert.equal(stranger.statusCode, 429);
    assert.match(
      stranger.json().message,
      /^Too many sign-in attempts\. Please wait \d+ minutes and try again\.$/,
    );
    const owner = await postLogin(server, rightCode, home);
    assert.equal(owner.statusCode, 200, owner.body);

    const address = freshAddress();
    const setup = (await postLogin(server, { username: 'admin', password: DEMO_PASSWORD }, address)).json();
    assert.equal(setup.requires_2fa_setup, true);
    const setupGuesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        postLogin(server, { setup_token: setup.setup_token, totp_token: '000000' }, address),
      ),
    );
    assert.equal(statusesOf(setupGuesses).get(401), FREE_ATTEMPTS, 'the right password does not count');
  });
});
