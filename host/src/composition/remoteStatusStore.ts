import { useSyncExternalStore } from 'react';

/** What the outlet shows for a remote: nothing yet, a spinner, the remote itself, or the fallback. */
export type RemoteStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'mounted' }
  /** `retryable`: false when trying again cannot help (a remote refused for its versions). */
  | { state: 'failed'; detail: string; retryable: boolean };

type Listener = () => void;

const IDLE: RemoteStatus = { state: 'idle' };

/** Load/mount state per remote name, written by the single-spa wiring and read by the outlet. */
class RemoteStatusStore {
  private readonly statuses = new Map<string, RemoteStatus>();
  private readonly listeners = new Set<Listener>();

  get = (name: string): RemoteStatus => this.statuses.get(name) ?? IDLE;

  set = (name: string, status: RemoteStatus): void => {
    this.statuses.set(name, status);
    this.listeners.forEach((listener) => listener());
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Forgets every status (tests start from a clean page). */
  reset = (): void => {
    this.statuses.clear();
    this.listeners.forEach((listener) => listener());
  };
}

export const remoteStatusStore = new RemoteStatusStore();

export function useRemoteStatus(name: string | null): RemoteStatus {
  return useSyncExternalStore(remoteStatusStore.subscribe, () => (name ? remoteStatusStore.get(name) : IDLE));
}
