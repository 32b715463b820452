import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app/buildApp.js';
import { acquireDataDirLock, DataDirLockedError } from '../src/dataDir/acquireDataDirLock.js';
import { readProcessStart } from '../src/dataDir/readProcessStart.js';
import { collect, runEntry, waitForListening } from './support/serverProcess.js';
import { DEMO_PASSWORD, makeTempDir, testConfig, totpCode } from './support/testServer.js';

const tempDirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await makeTempDir('ewrt-datadir-test-');
  tempDirs.push(dir);
  return dir;
}

after(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

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

      // In-process: refused with the holder's PID, matched by its start time too.
      await assert.rejects(buildApp(testConfig(dataDir)), (error: unknown) => {
        assert.ok(error instanceof DataDirLockedError);
        assert.equal(error.holderPid, first.pid);
        assert.equal(error.holderVerified, true);
        return true;
      });
      // Another server process: a clear message and a non-zero exit.
      const second = runEntry('src/main.ts', { DATA_DIR: dataDir, PORT: '0' });
      const secondOut = collect(second);
      assert.equal(await secondOut.exit, 1);
      assert.match(
        secondOut.stderr(),
        new RegExp(
          'Cannot start the server: The data directory .* is in use by another running server ' +
            `\\(PID ${first.pid}, running since \\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z\\)\\. ` +
            'Stop that server first, or start this one with a different DATA_DIR\\.\n',
        ),
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

  describe('whose lock names a PID that a live process holds', () => {
    const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const since = '2026-01-02T03:04:05.000Z';

    it('is taken over when that process started at another time than the lock says (the PID was reused)', async (t) => {
      const unrelated = sleeper();
      t.after(() => unrelated.kill());
      const start = readProcessStart(unrelated.pid!);
      assert.ok(start, 'this test needs /proc');
      const dataDir = await tempDataDir();
      const lockFile = path.join(dataDir, 'server.lock');
      const earlierRun = { ...start, startTicks: String(Number(start.startTicks) - 1) };
      writeFileSync(
        lockFile,
        JSON.stringify({ pid: unrelated.pid, instance: 'gone', startedAt: since, processStart: earlierRun }),
      );
      const lock = acquireDataDirLock(dataDir);
      const taken = JSON.parse(readFileSync(lockFile, 'utf8'));
      assert.equal(taken.pid, process.pid);
      assert.deepEqual(taken.processStart, readProcessStart(process.pid));
      lock.release();
    });

    it('is refused, naming the holder and since when, when that process is the one that took it', async (t) => {
      const holder = sleeper();
      t.after(() => holder.kill());
      const dataDir = await tempDataDir();
      const lockFile = path.join(dataDir, 'server.lock');
      const held = {
        pid: holder.pid,
        instance: 'running',
        startedAt: since,
        processStart: readProcessStart(holder.pid!),
      };
      writeFileSync(lockFile, JSON.stringify(held));
      assert.throws(
        () => acquireDataDirLock(dataDir),
        (error: unknown) => {
          assert.ok(error instanceof DataDirLockedError);
          assert.equal(
            error.message,
            `The data directory ${dataDir} is in use by another running server (PID ${holder.pid}, running ` +
              `since ${since}). Stop that server first, or start this one with a different DATA_DIR.`,
          );
          return true;
        },
      );
      assert.deepEqual(JSON.parse(readFileSync(lockFile, 'utf8')), held, 'the holder keeps its lock');
    });

    it('is refused when the lock records no start time to compare, saying how to clear it', async (t) => {
      const holder = sleeper();
      t.after(() => holder.kill());
      const dataDir = await tempDataDir();
      const lockFile = path.join(dataDir, 'server.lock');
      writeFileSync(
        lockFile,
        JSON.stringify({ pid: holder.pid, instance: 'older-server', startedAt: since }),
      );
      assert.throws(
        () => acquireDataDirLock(dataDir),
        (error: unknown) => {
          assert.ok(error instanceof DataDirLockedError);
          assert.equal(error.holderVerified, false);
          assert.match(
            error.message,
            new RegExp(
              `Its start time could not be checked: if process ${holder.pid} is not an API server, delete`,
            ),
          );
          assert.ok(error.message.endsWith(`delete ${lockFile}.`));
          return true;
        },
      );
    });
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
