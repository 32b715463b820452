// Reads the host's runtime configuration and points a copy of it at other URLs, so that one production build can
// be served against any API and any remote origin (end-to-end tests, benchmark, deployments).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './workspace.mjs';

/** The configuration the host build ships with (dist/config.json, else public/config.json). */
export function readHostConfig(hostDir = path.join(ROOT, 'host')) {
  for (const candidate of [
    path.join(hostDir, 'dist', 'config.json'),
    path.join(hostDir, 'public', 'config.json'),
  ]) {
    if (existsSync(candidate)) {
      const config = JSON.parse(readFileSync(candidate, 'utf8'));
      if (!config || !Array.isArray(config.remotes)) throw new Error(`${candidate} has no "remotes" list`);
      return config;
    }
  }
  throw new Error(`No runtime configuration found in ${hostDir} (dist/config.json or public/config.json)`);
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
