// The runtime configuration (/config.json of the host): generated from the route declarations of every remote
// (`mf-*/src/routes.ts`, ADR 0002), and pointed at other URLs so that one production build can be served against
// any API and any remote origin (end-to-end tests, benchmark, deployments).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PORT, REMOTE_BASE_PORT, ROOT, listWebApps } from './workspace.mjs';

const GENERATOR = path.join(ROOT, 'scripts', 'generateRuntimeConfig.mjs');
const PARSER = path.join(ROOT, 'shared', 'src', 'config', 'parseRuntimeConfig.ts');

/** tsx's tsImport, which loads a TypeScript module into this Node process; tsx is a dependency of the server. */
async function loadTsImport() {
  const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
  const packageJsonFile = requireFromServer.resolve('tsx/package.json');
  // require.resolve would pick the CommonJS build; the ES module build is the one for import().
  const entry = JSON.parse(readFileSync(packageJsonFile, 'utf8')).exports['./esm/api'].import.default;
  const api = await import(pathToFileURL(path.join(path.dirname(packageJsonFile), entry)).href);
  return api.tsImport;
}

/**
 * The runtime configuration of the local suite, built from the route declarations: one remote per `mf-*` folder
 * with its name, area, label, manifest URL on its local port, and its routes. Validated by the same parser the
 * browser uses, so a wrong declaration fails here with the field named.
 * @param {{ apiUrl?: string, remoteBasePort?: number }} [options]
 */
export async function generateRuntimeConfig({
  apiUrl = `http://localhost:${API_PORT}`,
  remoteBasePort = REMOTE_BASE_PORT,
} = {}) {
  const tsImport = await loadTsImport();
  const remotes = [];
  const sources = [];
  for (const app of listWebApps({ remoteBasePort }).filter((candidate) => candidate.kind === 'remote')) {
    const file = path.join(app.dir, 'src', 'routes.ts');
    const source = path.relative(ROOT, file);
    if (!existsSync(file)) {
      throw new Error(
        `${app.folder} has no src/routes.ts: every remote declares its routes there (docs/adr/0002-route-declarations.md)`,
      );
    }
    const declaration = await tsImport(pathToFileURL(file).href, import.meta.url);
    remotes.push({
      name: app.remoteName,
      area: declaration.area,
      areaLabel: declaration.areaLabel,
      manifestUrl: `http://localhost:${app.port}/mf-manifest.json`,
      routes: declaration.routes,
    });
    sources.push(source);
  }
  const { parseRuntimeConfig } = await tsImport(pathToFileURL(PARSER).href, import.meta.url);
  try {
    return parseRuntimeConfig({ apiBaseUrl: apiUrl, socketUrl: apiUrl, remotes });
  } catch (error) {
    // "remotes[1].routes[0].path ..." -> "mf-reports/src/routes.ts: routes[0].path ..."
    const message = error.message.replace(/^remotes\[(\d+)\]\.?/, (whole, index) => `${sources[index]}: `);
    throw new Error(`Invalid route declarations. ${message}`, { cause: error });
  }
}

/**
 * The configuration the host ships with, generated now from the declarations (the host's build does the same), so
 * it is never older than the remotes' sources. Synchronous for the callers: the generator runs as a child process.
 */
export function readHostConfig() {
  const output = execFileSync(process.execPath, [GENERATOR, '--stdout'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const config = JSON.parse(output);
  if (!config || !Array.isArray(config.remotes))
    throw new Error('The generated configuration has no "remotes" list');
  return config;
}

/**
 * A copy of `base` whose API and socket URLs are `apiUrl` and whose remotes named in `remoteOrigins` load their
 * manifest from that origin. A remote with `null` as origin is dropped (an area with no remote deployed).
 * @param {object} base RuntimeConfig
 * @param {{ apiUrl: string, socketUrl?: string, remoteOrigins?: Record<string, string | null> }} target
 */
export function pointConfigAt(base, { apiUrl, socketUrl, remoteOrigins = {} }) {
  const remotes = [];
  for (const remote of base.remotes) {
    if (!(remote.name in remoteOrigins)) {
      remotes.push({ ...remote });
      continue;
    }
    const origin = remoteOrigins[remote.name];
    if (origin === null) continue;
    const manifestPath = new URL(remote.manifestUrl, 'http://placeholder.invalid').pathname;
    remotes.push({ ...remote, manifestUrl: new URL(manifestPath, origin).href });
  }
  return { ...base, apiBaseUrl: apiUrl, socketUrl: socketUrl ?? apiUrl, remotes };
}
