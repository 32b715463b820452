import { readStorage, removeStorage, writeStorage } from './browserStorage';

/**
 * Local storage key of the time (ms since the epoch) of the user's last activity in any tab of the
 * suite: every tab reads the same value, so activity in one keeps all of them signed in.
 */
export const LAST_ACTIVITY_STORAGE_KEY = 'lastActivity';

/** Activity is written at most this often: a pointer moving across the page is one write, not hundreds. */
export const ACTIVITY_RECORD_INTERVAL_MS = 5_000;

/** The DOM events that count as the user being there. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
] as const;

export function readLastActivity(): number | null {
  const stored = Number(readStorage(LAST_ACTIVITY_STORAGE_KEY) ?? Number.NaN);
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function writeLastActivity(at: number): void {
  writeStorage(LAST_ACTIVITY_STORAGE_KEY, String(Math.floor(at)));
}

/** A session that ends takes its activity record with it, so the next sign-in starts afresh. */
export function forgetLastActivity(): void {
  removeStorage(LAST_ACTIVITY_STORAGE_KEY);
}

export interface ActivityRecorder {
  /** Notes activity now; written at most once per interval unless `immediately` (an explicit choice). */
  record: (immediately?: boolean) => void;
  /** The latest activity of this tab or any other (this tab's own note survives unwritable storage). */
  lastActivity: () => number | null;
}

export function createActivityRecorder({
  now,
  intervalMs = ACTIVITY_RECORD_INTERVAL_MS,
  read = readLastActivity,
  write = writeLastActivity,
}: {
  now: () => number;
  intervalMs?: number;
  read?: () => number | null;
  write?: (at: number) => void;
}): ActivityRecorder {
  let lastWritten = Number.NEGATIVE_INFINITY;
  let ownLatest: number | null = null;
  return {
    record: (immediately = false) => {
      const at = now();
      if (!immediately && at - lastWritten < intervalMs) return;
      lastWritten = at;
      ownLatest = at;
      write(at);
    },
    lastActivity: () => {
      const stored = read();
      if (stored === null) return ownLatest;
      return ownLatest === null ? stored : Math.max(stored, ownLatest);
    },
  };
}
