/** The Web Locks lock under which one tab of the suite at a time refreshes the session's token. */
export const REFRESH_LOCK_NAME = 'ewrt-session-refresh';

/** What the session needs of the Web Locks API (`navigator.locks`): an exclusive lock held while a task runs. */
export interface RefreshLocks {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** The browser's Web Locks, or null where it has none (an old browser, an insecure origin, jsdom). */
export function browserRefreshLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? { request: (name, task) => locks.request(name, task) } : null;
}

/**
 * Runs `task` while no other tab of this origin runs one under the refresh lock. Without Web Locks it runs at once:
 * the tabs still hear each other's new token (session channel, storage), and the server answers the same refresh
 * sent twice with the same new token.
 */
export function withRefreshLock<T>(locks: RefreshLocks | null, task: () => Promise<T>): Promise<T> {
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}
