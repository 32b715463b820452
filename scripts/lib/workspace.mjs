// What the ops scripts know about the workspace: where the apps are, their local ports, whether a build is stale,
// and how to build one. Used by `pnpm start`, `pnpm dev`, `pnpm bench` and the end-to-end harness.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const HOST_PORT = 3000;
export const API_PORT = 4000;
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
 * The browser apps of the workspace: the host first, then every `mf-*` folder that has a package.json.
 * @returns {{ folder: string, dir: string, pkg: string, port: number, kind: 'host' | 'remote', remoteName?: string }[]}
 */
export function listWebApps() {
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
  return apps.sort((a, b) => a.port - b.port);
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

/**
 * Builds one package with `pnpm --filter <pkg> build`. Builds are serialised machine-wide through `flock` when it
 * exists, because two webpack production builds at once starve a two-core machine.
 */
export function buildPackage(pkg, { log = console.info, stdio = 'inherit' } = {}) {
  const pnpmArgs = ['--filter', pkg, 'run', 'build'];
  const [command, args] = hasFlock() ? ['flock', [BUILD_LOCK, 'pnpm', ...pnpmArgs]] : ['pnpm', pnpmArgs];
  log(`Building ${pkg} ...`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio, env: process.env });
    child.on('error', (error) => reject(new Error(`Could not run pnpm to build ${pkg}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) {
        log(`Built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        reject(
          new Error(
            `Building ${pkg} failed (${signal ?? `exit code ${code}`}). Run: pnpm --filter ${pkg} build`,
          ),
        );
      }
    });
  });
}

/** Builds, one at a time, every app whose dist/ is missing or stale. */
export async function buildStale(apps, { log = console.info, stdio = 'inherit' } = {}) {
  for (const app of apps) {
    const reason = staleReason(app);
    if (reason) {
      log(`${app.pkg}: ${reason}`);
      await buildPackage(app.pkg, { log, stdio });
    }
  }
}
