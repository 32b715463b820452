import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app/buildApp.js';
import { acquireDataDirLock, DataDirLockedError } from '../src/dataDir/acquireDataDirLock.js';
import { DEMO_PASSWORD, makeTempDir, testConfig, totpCode } from './support/testServer.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tempDirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await makeTempDir('ewrt-datadir-test-');
  tempDirs.push(dir);
  return dir;
}

after(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Runs a TypeScript entry of the server in its own Node process, as `node dist/...` would; the condition makes
 * `@ewrt/contract` resolve to its sources, as in `pnpm test`.
 */
function runEntry(entry: string, env: NodeJS.ProcessEnv, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--conditions=@ewrt/source', '--import', 'tsx', entry, ...args], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): {
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { stdout: () => stdout, stderr: () => stderr, exit };
}

async function waitForListening(output: () => string, exit: Promise<number | null>): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /API listening on (http:\/\/\S+)/.exec(output());
    if (match?.[1]) return match[1];
    const exited = await Promise.race([
      exit,
      new Promise((resolve) => setTimeout(() => resolve('running'), 100)),
    ]);
    if (exited !== 'running') throw new Error(`server exited early with ${String(exited)}`);
  }
  throw new Error('server did not start within 60 s');
}

async function postJson(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the data directory', () => {
  it('is held by one server: a second one is refused, and a stopped server leaves everything saved', async () => {
    const dataDir = await tempDataDir();
    const first = runEntry('src/main.ts', { DATA_DIR: dataDir, PORT: '0' });
    const firstOut = collect(first);
    try {
      const url = await waitForListening(firstOut.stdout, firstOut.exit);

      // In-process: refused with the holder's PID.
      await assert.rejects(buildApp(testConfig(dataDir)), (error: unknown) => {
        assert.ok(error instanceof DataDirLockedError);
        assert.equal(error.holderPid, first.pid);
        return true;
      });
      // Another server process: a clear message and a non-zero exit.
      const second = runEntry('src/main.ts', { DATA_DIR: dataDir, PORT: '0' });
      const secondOut = collect(second);
      assert.equal(await secondOut.exit, 1);
      assert.match(
        secondOut.stderr(),
        /Cannot start the server: The data directory .* is in use by another running server \(PID \d+\)/,
      );

      // Sign in over HTTP and add a patient, then stop the server gracefully.
      const login = await postJson(`${url}/api/login`, { username: 'groupadmin', password: DEMO_PASSWORD });
      assert.equal(login.status, 200);
      const secret = String(login.body.totp_secret);
      const setup = await postJson(`${url}/api/login`, {
        setup_token: login.body.setup_token,
        totp_token: totpCode(secret, new Date()),
      });
      assert.equal(setup.status, 200);
      const created = await postJson(
        `${url}/api/patients`,
        { FirstName: 'Persisted', Surname: 'Patient', DateOfBirth: '1980-01-01', MRN: 'DEMO-7001' },
        String(setup.body.token),
      );
      assert.equal(created.status, 201);
    } finally {
      first.kill('SIGTERM');
    }
    assert.equal(await firstOut.exit, 0, firstOut.stderr());
    assert.match(firstOut.stdout(), /Server stopped/);
    assert.equal(existsSync(path.join(dataDir, 'server.lock')), false, 'the lock is released');

    const reopened = await buildApp(testConfig(dataDir));
    try {
      const { rows } = await reopened.ctx.db.query<{ first_name: string }>(
        `SELECT first_name FROM patients WHERE mrn = 'DEMO-7001'`,
      );
      assert.deepEqual(rows, [{ first_name: 'Persisted' }]);
      const seeded = await reopened.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
      assert.equal(seeded.rows[0]?.n, 8, 'a second start does not seed again');
    } finally {
      await reopened.close();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const dataDir = await tempDataDir();
    const dead = spawnSync(process.execPath, ['-e', '']);
    assert.ok(dead.pid);
    const lockFile = path.join(dataDir, 'server.lock');
    writeFileSync(
      lockFile,
      JSON.stringify({ pid: dead.pid, instance: 'gone', startedAt: new Date().toISOString() }),
    );
    const lock = acquireDataDirLock(dataDir);
    assert.equal(JSON.parse(readFileSync(lockFile, 'utf8')).pid, process.pid);
    assert.throws(
      () => acquireDataDirLock(dataDir),
      DataDirLockedError,
      'a second server in the same process is refused too',
    );
    lock.release();
    assert.equal(existsSync(lockFile), false);
  });
});

describe('an empty production database', () => {
  it('is not seeded with SEED_DEMO=false, and createAdmin creates the first administrator once', async () => {
    const dataDir = await tempDataDir();
    const app = await buildApp(testConfig(dataDir, { SEED_DEMO: 'false', API_RATE_LIMIT_PER_MINUTE: '3' }));
    try {
      const { rows } = await app.ctx.db.query<{ users: number; patients: number; levels: number }>(
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM patients)::int AS patients,
                (SELECT count(*) FROM access_levels)::int AS levels`,
      );
      assert.deepEqual(rows[0], { users: 0, patients: 0, levels: 4 });
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'admin', password: DEMO_PASSWORD },
      });
      assert.equal(login.statusCode, 401);
      // The general API limit: requests per minute per address.
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: '/api/health' });
      const limited = await app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(limited.statusCode, 429);
      assert.deepEqual(limited.json(), {
        message: 'Too many requests. Please slow down and try again shortly.',
      });
    } finally {
      await app.close();
    }

    const args = [
      '--username',
      'chief',
      '--name',
      'Dr Chief Admin',
      '--email',
      'chief@example.org',
      '--group',
      'Head Office',
    ];
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-long-enough-password' };
    const weak = collect(runEntry('src/cli/createAdmin.ts', { ...env, ADMIN_PASSWORD: 'short' }, args));
    assert.equal(await weak.exit, 1);
    assert.match(weak.stderr(), /at least 12 characters/);
    const created = collect(runEntry('src/cli/createAdmin.ts', env, args));
    assert.equal(await created.exit, 0, created.stderr());
    assert.match(created.stdout(), /Administrator chief created/);
    const again = collect(
      runEntry('src/cli/createAdmin.ts', env, [
        '--username',
        'other',
        '--name',
        'Other',
        '--email',
        'o@example.org',
      ]),
    );
    assert.equal(await again.exit, 1);
    assert.match(again.stderr(), /An administrator already exists/);

    const reopened = await buildApp(testConfig(dataDir));
    try {
      const login = await reopened.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'chief', password: 'a-long-enough-password' },
      });
      assert.equal(login.statusCode, 200);
      const setup = login.json();
      assert.equal(setup.requires_2fa_setup, true);
      const done = await reopened.inject({
        method: 'POST',
        url: '/api/login',
        payload: { setup_token: setup.setup_token, totp_token: totpCode(setup.totp_secret, new Date()) },
      });
      const { user } = done.json();
      assert.equal(user.Administrator, 'yes');
      assert.equal(user.Group_Name, 'Head Office');
      assert.equal(user.txt_access_level, 'Full Access');
      const seeded = await reopened.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM patients`);
      assert.equal(seeded.rows[0]?.n, 0, 'a database with an administrator is never seeded');
    } finally {
      await reopened.close();
    }
  });
});
