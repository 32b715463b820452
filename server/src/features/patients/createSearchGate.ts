/** Thrown by SearchGate.enter when the caller's deadline passes before a slot frees up. */
export class SearchGateTimeoutError extends Error {
  override name = 'SearchGateTimeoutError';
}

export interface SearchGate {
  /** Waits for a free slot, in arrival order, until `deadline` (a performance.now() time); resolves to its release. */
  enter(deadline: number): Promise<() => void>;
}

/**
 * Lets at most `slots` searches at the database at once; the others wait here, in arrival order. The database
 * answers its callers one by one (the embedded one runs one statement at a time; a pool has few connections), so
 * without this gate a crowd of searches would queue in front of every other call, sign-in and /health included.
 */
export function createSearchGate(slots: number): SearchGate {
  let free = slots;
  const waiting: { admit: () => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.admit();
    else free += 1;
  };

  return {
    enter(deadline) {
      if (free > 0 && waiting.length === 0) {
        free -= 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          admit: () => {
            clearTimeout(timer);
            resolve(once(release));
          },
        };
        const timer = setTimeout(
          () => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(new SearchGateTimeoutError('No search slot freed up in time'));
          },
          Math.max(0, deadline - performance.now()),
        );
        waiting.push(waiter);
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
