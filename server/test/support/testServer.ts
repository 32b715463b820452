import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildApp, type BuildAppOptions } from '../../src/app/buildApp.js';
import { loadConfig, type ServerConfig } from '../../src/config/loadConfig.js';
import { migrations } from '../../src/db/migrations/migrations.js';
import { openDatabase } from '../../src/db/openDatabase.js';
import { runMigrations } from '../../src/db/runMigrations.js';
import { DEMO_PASSWORD } from '../../src/seed/demoOrganisation.js';
import { seedDemoOrganisation } from '../../src/seed/seedDemoOrganisation.js';

export { DEMO_PASSWORD };

/** A clock the test moves by hand: token expiry and TOTP steps without waiting. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}

export async function makeTempDir(prefix = 'ewrt-server-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...env });
}

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  clock: TestClock;
  dataDir: string;
  /** The TOTP secret of every account this test server has set up, by username. */
  secrets: Map<string, string>;
  close(): Promise<void>;
}

const SEED_SOURCES = ['seedDemoOrganisation.ts', 'demoOrganisation.ts'].map((name) =>
  fileURLToPath(new URL(`../../src/seed/${name}`, import.meta.url)),
);

/**
 * The folder of an embedded database already migrated and seeded, made once for the migrations and seed of this
 * tree and shared by every test process: creating PGlite from nothing, migrating and seeding takes seconds, which
 * every test file paid for every server it started. Named by a hash of the migrations and the seed, so a changed
 * migration or seed makes a new one; made in a folder of its own and renamed into place, so processes starting
 * together never open a half-written copy.
 */
async function seededDatabaseTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.version}\0${migration.sql}\0`);
  for (const source of SEED_SOURCES) hash.update(await readFile(source));
  const template = path.join(tmpdir(), `ewrt-test-database-${hash.digest('hex').slice(0, 16)}`);
  if (await stat(template).catch(() => null)) return template;
  const building = await makeTempDir('ewrt-test-database-building-');
  const db = await openDatabase({ dataDir: building, databaseUrl: null });
  try {
    await runMigrations(db, { thenUnderLock: (session) => seedDemoOrganisation(session, new Date()) });
  } finally {
    await db.close();
  }
  // Another process may have put its copy in place meanwhile: theirs is as good.
  await rename(path.join(building, 'db'), template).catch(() => undefined);
  await rm(building, { recursive: true, force: true });
  return template;
}

/**
 * A seeded server over its own PGlite data directory in a temp folder (`options`: what buildApp may be given). The
 * database starts as a copy of the seeded template unless `env` names a PostgreSQL or turns the seed off.
 */
export async function createTestServer(
  env: NodeJS.ProcessEnv = {},
  options: Omit<BuildAppOptions, 'clock'> = {},
): Promise<TestServer> {
  const dataDir = await makeTempDir();
  const config = testConfig(dataDir, env);
  if (config.databaseUrl === null && config.seedDemo) {
    await cp(await seededDatabaseTemplate(), path.join(dataDir, 'db'), { recursive: true });
  }
  const clock = createTestClock();
  const app = await buildApp(config, { ...options, clock: clock.now });
  return {
    app,
    config,
    clock,
    dataDir,
    secrets: new Map(),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function totpCode(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

export async function postLogin(
  server: TestServer,
  body: unknown,
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body as InjectOptions['payload'],
    remoteAddress: ip,
  });
}

/**
 * Signs in through the whole two-factor flow (set-up the first time, verification afterwards) and returns the
 * access token. Moves the clock to the next 30-second step first, since each code works only once.
 */
export async function signIn(server: TestServer, username: string, ip = '127.0.0.1'): Promise<string> {
  server.clock.advance(30_000);
  const first = await postLogin(server, { username, password: DEMO_PASSWORD }, ip);
  assert.equal(first.statusCode, 200, first.body);
  const answer = first.json();
  let final;
  if (answer.requires_2fa_setup) {
    server.secrets.set(username, answer.totp_secret);
    final = await postLogin(
      server,
      { setup_token: answer.setup_token, totp_token: totpCode(answer.totp_secret, server.clock.now()) },
      ip,
    );
  } else {
    const secret = server.secrets.get(username);
    assert.ok(secret, `no TOTP secret known for ${username}`);
    final = await postLogin(
      server,
      { temp_token: answer.temp_token, totp_token: totpCode(secret, server.clock.now()) },
      ip,
    );
  }
  assert.equal(final.statusCode, 200, final.body);
  const token = final.json().token as string;
  assert.ok(token);
  return token;
}

/** Authenticated requests as one user. */
export function asUser(server: TestServer, token: string) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}

export async function patientIdByMrn(server: TestServer, mrn: string): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM patients WHERE mrn = $1`, [
    mrn,
  ]);
  assert.ok(rows[0], `no patient ${mrn}`);
  return rows[0].id;
}

/** Gives a demo user another access level (by label), as an administrator's edit would, for the rest of a test file. */
export async function setAccessLevel(server: TestServer, username: string, label: string): Promise<void> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(
    `UPDATE users SET access_level_id = (SELECT id FROM access_levels WHERE label = $2) WHERE username = $1
     RETURNING id`,
    [username, label],
  );
  if (!rows[0]) throw new Error(`No user ${username}`);
  server.app.ctx.users.invalidate(rows[0].id);
}
