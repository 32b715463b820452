import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { makeTempDir } from './testServer.js';

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (name) =>
        existsSync(path.join(root, name, 'bin', 'initdb')) &&
        existsSync(path.join(root, name, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const bin = findPostgresBin();

/** Why a test of a real PostgreSQL cannot run here, or false when it can (`describe(..., { skip })`). */
export const skipWithoutPostgres: string | false = bin
  ? false
  : 'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)';

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function runPostgresTool(tool: string, args: string[]): void {
  const command = path.join(bin!, tool);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface PostgresCluster {
  databaseUrl: string;
  /** Stops the cluster and removes its files; a failure carries the end of the server log. */
  stop(): Promise<void>;
}

/** A throw-away PostgreSQL cluster on a free loopback port, trusting local connections. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const clusterDir = await makeTempDir('ewrt-pg-cluster-');
  const dataDir = path.join(clusterDir, 'data');
  if (process.getuid?.() === 0) {
    const idOf = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(clusterDir, idOf('-u'), idOf('-g'));
  }
  const port = await freePort();
  runPostgresTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  runPostgresTool('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    path.join(clusterDir, 'server.log'),
    '-w',
    'start',
  ]);
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        runPostgresTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-t', '120', '-w', 'stop']);
      } catch (error) {
        const logFile = path.join(clusterDir, 'server.log');
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        throw new Error(`Stopping PostgreSQL failed: ${String(error)}\n${log.slice(-2000)}`, {
          cause: error,
        });
      } finally {
        await rm(clusterDir, { recursive: true, force: true, maxRetries: 5 });
      }
    },
  };
}
