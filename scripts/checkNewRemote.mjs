#!/usr/bin/env node
// `pnpm test:new-remote`: proves that `pnpm new:remote` gives a remote that builds, tests and mounts in the suite with
// no other edit. On a scratch copy of the repository (this checkout is never touched) it creates mf-demo, runs its
// typecheck, lint and tests, then builds it and opens it in Chromium inside the suite (e2e/tests/07-new-remote.spec.ts).
// Builds that are already up to date here are copied with their timestamps, so only mf-demo is built.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, buildOutputs, listWebApps, serverApp, staleReason } from './lib/workspace.mjs';

const NAME = 'demo';

function run(command, args, cwd, env = {}) {
  console.info(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} failed (${result.signal ?? `exit code ${result.status}`})`,
    );
  }
}

/** The files git knows here (tracked, and new ones it does not ignore), so that uncommitted work is checked too. */
function workspaceFiles() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split('\0').filter((file) => file && existsSync(path.join(ROOT, file)));
}

function copyWorkspace(target) {
  for (const file of workspaceFiles()) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file), { preserveTimestamps: true });
  }
  for (const app of [...listWebApps(), serverApp()]) {
    if (staleReason(app)) continue;
    for (const output of buildOutputs(app)) {
      cpSync(output, path.join(target, path.relative(ROOT, output)), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
  }
}

function main() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ewrt-new-remote-'));
  console.info(`Scratch copy of the repository: ${scratch}`);
  try {
    copyWorkspace(scratch);
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], scratch);
    run('pnpm', ['new:remote', NAME], scratch);
    const pkg = `@ewrt/mf-${NAME}`;
    run('pnpm', ['--filter', pkg, 'typecheck'], scratch);
    run('pnpm', ['exec', 'eslint', `mf-${NAME}`], scratch);
    run('pnpm', ['--filter', pkg, 'test'], scratch);
    run(
      'pnpm',
      ['--filter', '@ewrt/e2e', 'exec', 'playwright', 'test', 'tests/07-new-remote.spec.ts'],
      scratch,
      {
        E2E_NEW_REMOTE: NAME,
      },
    );
    console.info(
      `\npnpm new:remote ${NAME}: the new remote typechecks, lints, passes its tests and mounts in the suite.`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
