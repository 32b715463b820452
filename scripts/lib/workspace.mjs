// What the ops scripts know about the workspace: where the apps are, their local ports, whether a build is stale,
// and how to build one. Used by `pnpm start`, `pnpm dev`, `pnpm bench` and the end-to-end harness.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const HOST_PORT = 3000;
export const API_PORT = 4000;
/** The port of the first remote; `--remote-base-port` moves every remote by the same offset from it. */
export const REMOTE_BASE_PORT = 3001;
// The agreed local ports of the five areas; a remote made by `pnpm new:remote` records its own in package.json.
export const REMOTE_PORTS = {
  'mf-patients': 3001,
  'mf-documents': 3002,
  'mf-reports': 3003,
  'mf-transcription': 3004,
  'mf-admin': 3005,
};

const BUILD_LOCK = '/tmp/build.lock';

function readPackageJson(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

function readPackageName(dir) {
  return readPackageJson(dir)?.name;
}

/** The federation container name of a remote folder: `mf-patients` -> `mf_patients`. */
export function remoteNameOf(folder) {
  return folder.replace(/-/g, '_');
}

/**
 * The local port of a remote folder: its package.json's `ewrt.port` (what `pnpm new:remote` writes), else the
 * table of the five areas, else the next number after every port in use.
 */
export function portForRemoteFolder(
  folder,
  apps = [],
  packageJson = readPackageJson(path.join(ROOT, folder)),
) {
  const declared = packageJson?.ewrt?.port;
  if (Number.isInteger(declared)) return declared;
  if (REMOTE_PORTS[folder]) return REMOTE_PORTS[folder];
  const used = [HOST_PORT, ...Object.values(REMOTE_PORTS), ...apps.map((app) => app.port)];
  return Math.max(...used) + 1;
}

/**
 * The browser apps of the workspace: the host first, then every `mf-*` folder that has a package.json. The host
 * listens on `hostPort`; each remote on its agreed port moved by `remoteBasePort - REMOTE_BASE_PORT`.
 * @param {{ hostPort?: number, remoteBasePort?: number }} [ports]
 * @returns {{ folder: string, dir: string, pkg: string, port: number, kind: 'host' | 'remote', remoteName?: string }[]}
 */
export function listWebApps({ hostPort = HOST_PORT, remoteBasePort = REMOTE_BASE_PORT } = {}) {
  const apps = [];
  const hostDir = path.join(ROOT, 'host');
  const hostPkg = readPackageName(hostDir);
  if (hostPkg) apps.push({ folder: 'host', dir: hostDir, pkg: hostPkg, port: HOST_PORT, kind: 'host' });
  const remoteFolders = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
    .map((entry) => entry.name)
    .sort();
  for (const folder of remoteFolders) {
    const dir = path.join(ROOT, folder);
    const packageJson = readPackageJson(dir);
    if (!packageJson?.name) continue;
    const port = portForRemoteFolder(folder, apps, packageJson);
    apps.push({ folder, dir, pkg: packageJson.name, port, kind: 'remote', remoteName: remoteNameOf(folder) });
  }
  // Ordered by the agreed ports, then moved: the host first whatever ports were chosen.
  return apps
    .sort((a, b) => a.port - b.port)
    .map((app) => ({
      ...app,
      port: app.kind === 'host' ? hostPort : app.port - REMOTE_BASE_PORT + remoteBasePort,
    }));
}

export function serverApp() {
  const dir = path.join(ROOT, 'server');
  return {
    folder: 'server',
    dir,
    pkg: readPackageName(dir) ?? '@ewrt/server',
    entry: path.join(dir, 'dist', 'main.js'),
  };
}

// remote-template: what `pnpm new:remote` copies is in no app's bundle.
const IGNORED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '.data',
  '__tests__',
  'testing',
  'test',
  'remote-template',
]);
const IGNORED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.snap$/;

/** Newest modification time of the build inputs under `target` (tests excluded: they are not in the bundle). */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (info.isFile()) return IGNORED_FILE.test(target) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildInputs(app) {
  const own = [
    'src',
    'public',
    'package.json',
    'webpack.config.cjs',
    'webpack.config.js',
    'tsconfig.json',
    'tsconfig.build.json',
  ].map((name) => path.join(app.dir, name));
  // The server compiles the API contract into its build; browser bundles take only its types and limits.
  const contract = [path.join(ROOT, 'contract', 'src'), path.join(ROOT, 'contract', 'package.json')];
  if (app.folder === 'server') return [...own, ...contract];
  // Browser bundles compile the shared package and the shared webpack factory into themselves.
  return [
    ...own,
    path.join(ROOT, 'shared', 'src'),
    path.join(ROOT, 'shared', 'package.json'),
    ...contract,
    path.join(ROOT, 'tooling'),
  ];
}

/** The files a build leaves behind; the server's build also compiles the contract it runs on. */
function buildMarkers(app) {
  if (app.folder === 'server') {
    return [path.join(app.dir, 'dist', 'main.js'), path.join(ROOT, 'contract', 'dist', 'index.js')];
  }
  const dist = path.join(app.dir, 'dist');
  return [app.kind === 'host' ? path.join(dist, 'index.html') : path.join(dist, 'mf-manifest.json')];
}

/** The folders a build writes, for copying a finished build elsewhere. */
export function buildOutputs(app) {
  return buildMarkers(app).map((marker) => path.dirname(marker));
}

/** Why `app` needs a build, or null when its dist/ is present and newer than its sources. */
export function staleReason(app) {
  const markers = buildMarkers(app);
  const missing = markers.find((marker) => !existsSync(marker));
  if (missing) return `${path.relative(ROOT, missing)} is missing`;
  const builtAt = Math.min(...markers.map((marker) => statSync(marker).mtimeMs));
  const newest = Math.max(...buildInputs(app).map(newestMtime));
  return newest > builtAt ? 'sources changed since the last build' : null;
}

function hasFlock() {
  return spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
}

const GIB = 1024 ** 3;
/** A generous share of memory for one webpack production build, so that parallel builds never swap. */
const MEMORY_PER_BUILD = 3 * GIB;

/** Builds at once: `BUILD_CONCURRENCY` when set, else one per core as far as free memory allows. */
export function buildConcurrency(
  env = process.env,
  { cores = os.availableParallelism(), freeMemory = os.freemem() } = {},
) {
  const configured = Number.parseInt(env.BUILD_CONCURRENCY ?? '', 10);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, Math.min(cores, Math.floor(freeMemory / MEMORY_PER_BUILD)));
}

/** Total gzip size of the scripts, styles and pages in `dir` (what a browser downloads, before caching). */
export function gzipSizeOf(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|mjs|css|html)$/.test(entry.name)) continue;
    total += gzipSync(readFileSync(path.join(entry.parentPath, entry.name))).length;
  }
  return total;
}

function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB gzip`;
}

/** Where the builds of this run write their full output. */
export function newBuildLogFile() {
  const dir = path.join(ROOT, '.data', 'logs');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `build-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
}

/**
 * Builds one package with `pnpm --filter <pkg> build`, its output appended to `logFile` in one piece when it ends.
 * With `flock`, builds are limited machine-wide to one per `slot` lock file, so that several copies of the workspace
 * building at once (tests, benchmarks) do not starve a small machine.
 * @returns {Promise<{ seconds: number }>}
 */
export function buildPackage(pkg, { logFile, slot = 0 } = {}) {
  const pnpmArgs = ['--filter', pkg, 'run', 'build'];
  const lock = slot === 0 ? BUILD_LOCK : `${BUILD_LOCK}.${slot}`;
  const [command, args] = hasFlock() ? ['flock', [lock, 'pnpm', ...pnpmArgs]] : ['pnpm', pnpmArgs];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // The log is read in an editor: no colour codes (FORCE_COLOR of any value forces them in some tools).
    const { FORCE_COLOR: _colour, ...env } = process.env;
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, NO_COLOR: '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => reject(new Error(`Could not run pnpm to build ${pkg}: ${error.message}`)));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const text = Buffer.concat(output).toString();
      if (logFile) {
        appendFileSync(
          logFile,
          `\n===== ${pkg}: ${signal ?? `exit code ${code}`} after ${seconds.toFixed(1)} s\n${text}`,
        );
      }
      if (code === 0) {
        resolve({ seconds });
        return;
      }
      const tail = text.trimEnd().split('\n').slice(-30).join('\n');
      reject(
        new Error(
          `Building ${pkg} failed (${signal ?? `exit code ${code}`}). Its last lines:\n${tail}\n` +
            (logFile ? `Full output: ${path.relative(process.cwd(), logFile)}\n` : '') +
            `Run it alone with: pnpm --filter ${pkg} build`,
        ),
      );
    });
  });
}

/**
 * Builds every app whose dist/ is missing or stale, `concurrency` at a time, with one line per app (its time and the
 * gzip size of what it serves) and the full output in a log file under .data/logs.
 * @param {{ folder: string, dir: string, pkg: string, kind?: string }[]} apps
 * @param {{ log?: (line: string) => void, concurrency?: number, logFile?: string }} [options]
 */
export async function buildStale(
  apps,
  { log = console.info, concurrency = buildConcurrency(), logFile } = {},
) {
  const queue = apps
    .map((app) => ({ app, reason: staleReason(app) }))
    .filter((entry) => entry.reason !== null);
  if (queue.length === 0) return;
  const file = logFile ?? newBuildLogFile();
  const workers = Math.min(concurrency, queue.length);
  log(
    `Building ${queue.length} of ${apps.length} apps, ${workers} at a time (full output: ${path.relative(process.cwd(), file)}) ...`,
  );
  const started = Date.now();
  const width = Math.max(...queue.map(({ app }) => app.pkg.length));
  const worker = async (slot) => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const { app, reason } = entry;
      const { seconds } = await buildPackage(app.pkg, { logFile: file, slot });
      const size =
        app.folder === 'server' ? '' : `  ${formatKb(gzipSizeOf(path.join(app.dir, 'dist'))).padStart(14)}`;
      log(`  ${app.pkg.padEnd(width)}  ${`${seconds.toFixed(1)} s`.padStart(8)}${size}  (${reason})`);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, slot) => worker(slot)));
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
