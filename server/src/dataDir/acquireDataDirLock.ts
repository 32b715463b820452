import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another running server (PID ${holderPid}). ` +
        'Stop that server first, or start this one with a different DATA_DIR.',
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

function readLock(lockFile: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

/**
 * Takes `<dataDir>/server.lock` for this server. PGlite does not lock its files, and two processes writing one
 * data directory corrupt it, so a lock held by a live process is refused; one left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const content: LockContent = {
    pid: process.pid,
    instance: randomUUID(),
    startedAt: new Date().toISOString(),
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
      const heldHere = holder.pid === process.pid && heldInThisProcess.has(lockFile);
      if (heldHere || (holder.pid !== process.pid && isProcessAlive(holder.pid))) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
    }
    // Stale (dead holder) or unreadable: take it over.
    try {
      unlinkSync(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
