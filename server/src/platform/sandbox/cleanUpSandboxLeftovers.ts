import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_FOLDER_PREFIX, SANDBOX_OWNER_VARIABLE } from './spawnSandboxed.js';

/** The folder prefix of versions before the sandbox (one LibreOffice conversion each). */
const LEGACY_FOLDER_PREFIX = 'ewrt-libreoffice-';
/** A legacy folder older than this outlived any conversion (their time limit was two minutes). */
const LEGACY_FOLDER_AGE_MS = 10 * 60_000;

export interface SandboxLeftovers {
  processesKilled: number;
  foldersRemoved: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readOrEmpty = (file: string) => readFile(file, 'utf8').catch(() => '');

/** The server that started this process, when the sandbox did; the parent's id from `stat` otherwise. */
async function describeProcess(
  pid: number,
): Promise<{ owner: number | null; parent: number; command: string }> {
  const base = `/proc/${pid}`;
  const owner = (await readOrEmpty(`${base}/environ`))
    .split('\0')
    .find((entry) => entry.startsWith(`${SANDBOX_OWNER_VARIABLE}=`));
  // The command name in `stat` is in parentheses and may hold spaces: the fields after it are counted from its end.
  const stat = await readOrEmpty(`${base}/stat`);
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return {
    owner: owner ? Number(owner.slice(SANDBOX_OWNER_VARIABLE.length + 1)) : null,
    parent,
    command: (await readOrEmpty(`${base}/cmdline`)).replaceAll('\0', ' '),
  };
}

/**
 * At start: kills the converters a killed server left running (the server named in their environment is gone, or,
 * from versions before the sandbox, a LibreOffice orphaned to PID 1) and removes their temporary folders. Converters
 * of other servers running on this machine are left alone. Linux only (reads /proc); elsewhere only folders go.
 */
export async function cleanUpSandboxLeftovers(): Promise<SandboxLeftovers> {
  let processesKilled = 0;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const { owner, parent, command } = await describeProcess(pid);
    const orphaned =
      owner !== null
        ? owner !== process.pid && !isAlive(owner)
        : parent === 1 && command.includes(LEGACY_FOLDER_PREFIX);
    if (!orphaned) continue;
    try {
      process.kill(pid, 'SIGKILL');
      processesKilled += 1;
    } catch {
      // It ended meanwhile.
    }
  }
  let foldersRemoved = 0;
  const folder = tmpdir();
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    let stale = false;
    if (name.startsWith(SANDBOX_FOLDER_PREFIX)) {
      const owner = Number(name.slice(SANDBOX_FOLDER_PREFIX.length).split('-')[0]);
      stale = Number.isInteger(owner) && owner !== process.pid && !isAlive(owner);
    } else if (name.startsWith(LEGACY_FOLDER_PREFIX)) {
      const modified = await stat(path.join(folder, name)).then(
        (stats) => stats.mtimeMs,
        () => Date.now(),
      );
      stale = Date.now() - modified > LEGACY_FOLDER_AGE_MS;
    }
    if (!stale) continue;
    await rm(path.join(folder, name), { recursive: true, force: true });
    foldersRemoved += 1;
  }
  return { processesKilled, foldersRemoved };
}
