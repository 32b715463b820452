#!/usr/bin/env node
// Gets a machine with only Node.js and npm ready to run the suite; `npm start`, the test command and CI run it first.
//   1. the pinned pnpm (npm install -g, or corepack when npm's global folder is not writable);
//   2. the Debian packages the suite uses (scripts/lib/systemTools.mjs): installed with apt-get when this runs as
//      root or with passwordless sudo on Debian/Ubuntu, otherwise the exact command is printed and the run carries on;
//   3. the workspace's packages (`pnpm install --frozen-lockfile`) when node_modules is missing or older than the
//      lockfile.
//   node scripts/bootstrap.mjs [--for product|test] [--no-system-tools]
// Only Node's own modules here: nothing else is installed yet. EWRT_SYSTEM_TOOLS=skip is --no-system-tools.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SYSTEM_TOOLS, aptInstallCommand, missingPackages } from './lib/systemTools.mjs';
import { ROOT } from './lib/workspace.mjs';

export const PNPM_VERSION = '12.21.0';

function run(command, args, { env = {}, quiet = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
  });
  return result.status === 0;
}

function pnpmVersion() {
  const result = spawnSync('pnpm', ['--version'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function ensurePnpm(log = console.info) {
  const found = pnpmVersion();
  if (found === PNPM_VERSION) return;
  log(
    found
      ? `pnpm ${found} found; installing pnpm ${PNPM_VERSION} ...`
      : `Installing pnpm ${PNPM_VERSION} ...`,
  );
  if (run('npm', ['install', '-g', '--no-fund', '--no-audit', `pnpm@${PNPM_VERSION}`])) return;
  // corepack needs the integrity check off: the registry metadata carries no signatures here.
  log('npm could not install pnpm globally; trying corepack ...');
  const viaCorepack =
    run('corepack', ['enable']) &&
    run('corepack', ['prepare', `pnpm@${PNPM_VERSION}`, '--activate'], {
      env: { COREPACK_INTEGRITY_KEYS: '0' },
    });
  if (!viaCorepack || pnpmVersion() !== PNPM_VERSION) {
    throw new Error(
      `Could not install pnpm ${PNPM_VERSION}. Install it yourself (npm install -g pnpm@${PNPM_VERSION}) and run this again.`,
    );
  }
}

/** The command prefix that runs apt-get here: itself (root), through passwordless sudo, or null (not allowed). */
function aptCommand() {
  if (!existsSync('/usr/bin/apt-get')) return null;
  if (process.getuid?.() === 0) return ['apt-get'];
  return run('sudo', ['-n', 'true'], { quiet: true }) ? ['sudo', '-n', 'apt-get'] : null;
}

/**
 * Installs the missing Debian packages `purpose` needs when it may; otherwise says which are missing, what they are
 * for and the command that installs them. Returns the packages still missing.
 * @param {'product' | 'test'} purpose
 */
export function ensureSystemTools(purpose, log = console.info) {
  const missing = missingPackages(purpose);
  if (missing.length === 0) {
    log('System tools: all installed.');
    return [];
  }
  const apt = aptCommand();
  if (apt) {
    log(`Installing system tools: ${missing.join(' ')} ...`);
    const [command, ...prefix] = apt;
    const aptGet = (args) =>
      run(command, [...prefix, ...args], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    if (
      aptGet(['update', '-qq']) &&
      aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing])
    ) {
      const left = missingPackages(purpose);
      if (left.length === 0) return [];
      log(`Still missing after apt-get: ${left.join(' ')}`);
      return left;
    }
    log('apt-get failed (its output is above).');
  }
  const byPackage = new Map(SYSTEM_TOOLS.flatMap((tool) => tool.packages.map((name) => [name, tool.why])));
  log('These system tools are not installed, so what they do stays off:');
  for (const name of missing) log(`  ${name.padEnd(26)} ${byPackage.get(name)}`);
  log(
    existsSync('/usr/bin/apt-get')
      ? `Install them with:\n  ${aptInstallCommand(missing)}`
      : `This is not Debian/Ubuntu: install the equivalents of these Debian packages with your package manager.`,
  );
  return missing;
}

/** True when node_modules is missing or older than the lockfile. */
function workspaceNeedsInstall() {
  const marker = path.join(ROOT, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  return statSync(marker).mtimeMs < statSync(path.join(ROOT, 'pnpm-lock.yaml')).mtimeMs;
}

export function ensureWorkspace(log = console.info) {
  if (!workspaceNeedsInstall()) return;
  log('Installing the workspace (pnpm install --frozen-lockfile) ...');
  if (!run('pnpm', ['install', '--frozen-lockfile']))
    throw new Error('pnpm install --frozen-lockfile failed (see above).');
}

/**
 * @param {{ purpose?: 'product' | 'test', systemTools?: boolean, log?: (line: string) => void }} [options]
 * @returns {{ missingPackages: string[] }}
 */
export function bootstrap({ purpose = 'product', systemTools = true, log = console.info } = {}) {
  ensurePnpm(log);
  const missing = systemTools ? ensureSystemTools(purpose, log) : [];
  ensureWorkspace(log);
  return { missingPackages: missing };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const argv = process.argv.slice(2);
  const purpose = argv[0] === '--for' ? argv[1] : 'product';
  const rest = argv[0] === '--for' ? argv.slice(2) : argv;
  if (!['product', 'test'].includes(purpose) || rest.some((arg) => arg !== '--no-system-tools')) {
    console.error('Usage: node scripts/bootstrap.mjs [--for product|test] [--no-system-tools]');
    process.exit(2);
  }
  try {
    const { missingPackages: left } = bootstrap({
      purpose,
      systemTools: !rest.includes('--no-system-tools') && process.env.EWRT_SYSTEM_TOOLS !== 'skip',
    });
    // The tests need every tool: a test run without them would fail later and less clearly.
    if (purpose === 'test' && left.length > 0) process.exit(1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
