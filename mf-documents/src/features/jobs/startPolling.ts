export interface Polling {
  /** Polls at once (e.g. on a push or a Refresh click) and restarts the wait from its answer. */
  refreshNow: () => void;
  stop: () => void;
}

/**
 * Calls `poll` now, then again after the delay each call resolves to (null: wait for refreshNow). Calls never
 * overlap: a refresh asked for during one runs right after it, so answers cannot arrive out of order.
 */
export function startPolling(poll: () => Promise<number | null>): Polling {
  let stopped = false;
  let running = false;
  let runAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async (): Promise<void> => {
    if (stopped) return;
    clearTimeout(timer);
    timer = undefined;
    if (running) {
      runAgain = true;
      return;
    }
    running = true;
    let delay: number | null = null;
    try {
      delay = await poll();
    } catch (error) {
      console.error('Polling stopped: the poll itself failed', error);
    } finally {
      running = false;
    }
    if (stopped) return;
    if (runAgain) {
      runAgain = false;
      void run();
    } else if (delay !== null) {
      timer = setTimeout(() => void run(), delay);
    }
  };

  void run();
  return {
    refreshNow: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
