import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readProcessStart, sameProcessStart, type ProcessStart } from './readProcessStart.js';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    /** When the holder took the lock (ISO 8601), as it wrote it. */
    readonly holderSince: string | null,
    /** Whether the holder was matched by its start time too, not by its PID alone. */
    readonly holderVerified: boolean,
    lockFile: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another running server ` +
        `(PID ${holderPid}${holderSince ? `, running since ${holderSince}` : ''}). ` +
        'Stop that server first, or start this one with a different DATA_DIR.' +
        (holderVerified
          ? ''
          : ` Its start time could not be checked: if process ${holderPid} is not an API server, delete ${lockFile}.`),
    );
  }
}

export interface DataDirLock {
  readonly lockFile: string;
  release(): void;
}

interface LockContent {
  pid: number;
  instance: string;
  startedAt: string;
  /** Absent where the system does not tell (no /proc), and in locks of older servers. */
  processStart?: ProcessStart;
}

// Locks held by this process: a PID check alone cannot tell two servers of the same process apart.
const heldInThisProcess = new Set<string>();

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isProcessStart = (value: unknown): value is ProcessStart =>
  typeof (value as ProcessStart | undefined)?.bootId === 'string' &&
  typeof (value as ProcessStart | undefined)?.startTicks === 'string';

function readLock(lockFile: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    const { processStart, ...rest } = parsed as LockContent;
    return isProcessStart(processStart) ? { ...rest, processStart } : rest;
  } catch {
    return null;
  }
}

type HolderState = 'gone' | 'running' | 'running-unverified';

/**
 * Whether the process that wrote a lock still runs. A PID alone can be reused by any process once the holder
 * has died (a container restarts its server as PID 1 every time), so where the lock records its holder's start
 * time, a live process with that PID but another start time is somebody else and the lock is stale.
 */
function holderState(holder: LockContent, lockFile: string): HolderState {
  if (holder.pid === process.pid) return heldInThisProcess.has(lockFile) ? 'running' : 'gone';
  if (!isProcessAlive(holder.pid)) return 'gone';
  const current = readProcessStart(holder.pid);
  if (holder.processStart && current) {
    return sameProcessStart(holder.processStart, current) ? 'running' : 'gone';
  }
  // Nothing to compare with: assume the worst, since two servers on one directory corrupt it.
  return 'running-unverified';
}

/**
 * Takes `<dataDir>/server.lock` for this server. PGlite does not lock its files, and two processes writing one
 * data directory corrupt it, so a lock held by a live server is refused (naming it); one left by a process that
 * has ended, or whose PID now belongs to another process, is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const processStart = readProcessStart(process.pid);
  const content: LockContent = {
    pid: process.pid,
    instance: randomUUID(),
    startedAt: new Date().toISOString(),
    ...(processStart ? { processStart } : {}),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile, JSON.stringify(content), { flag: 'wx' });
      heldInThisProcess.add(lockFile);
      let released = false;
      return {
        lockFile,
        release() {
          if (released) return;
          released = true;
          heldInThisProcess.delete(lockFile);
          // Remove it only while it is still ours.
          if (readLock(lockFile)?.instance === content.instance) unlinkSync(lockFile);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(lockFile);
    if (holder) {
      const state = holderState(holder, lockFile);
      if (state !== 'gone') {
        const since = typeof holder.startedAt === 'string' ? holder.startedAt : null;
        throw new DataDirLockedError(dataDir, holder.pid, since, state === 'running', lockFile);
      }
    }
    // Stale or unreadable: take it over.
    try {
      unlinkSync(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
