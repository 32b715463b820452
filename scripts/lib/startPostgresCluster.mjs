// A throw-away PostgreSQL cluster (Debian's server binaries) on a free loopback port, for the scripts that need a
// real PostgreSQL: the scale-out test and benchmark. The server's own tests have the TypeScript twin
// (server/test/support/postgresCluster.ts).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort } from './processes.mjs';

/** The newest PostgreSQL server binaries installed the Debian way; null when there are none. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** PostgreSQL refuses to run as root: its tools run as the postgres user then. */
function runTool(bin, tool, args) {
  const command = path.join(bin, tool);
  const result =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
}

/** @returns {Promise<{ databaseUrl: string, stop: () => Promise<void> }>} */
export async function startPostgresCluster() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-pg-'));
  if (process.getuid?.() === 0) {
    const idOf = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(clusterDir, idOf('-u'), idOf('-g'));
  }
  const dataDir = path.join(clusterDir, 'data');
  const logFile = path.join(clusterDir, 'server.log');
  const port = await getFreePort();
  try {
    runTool(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // Instances and workers each hold a pool: room for all of them.
    runTool(bin, 'pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-l',
      logFile,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(clusterDir, { recursive: true, force: true });
    throw error;
  }
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-t', '60', '-w', 'stop']);
      } catch (error) {
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
        throw new Error(`Stopping PostgreSQL failed: ${String(error)}\n${log}`, { cause: error });
      } finally {
        rmSync(clusterDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
  };
}
