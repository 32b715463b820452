import type { RefreshLocks } from '../session/refreshLock';

/** Web Locks as one origin's tabs see them: one exclusive lock per name, granted in the order asked. */
export function fakeRefreshLocks(): RefreshLocks & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request: (name, task) => {
      names.push(name);
      const run = tail.then(task);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
