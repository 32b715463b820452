import { useSyncExternalStore } from 'react';

// The host's top level follows the URL without a router (the landing page does not load one). Browser
// navigations, shared `navigateTo` and single-spa arrive as popstate; the router of the signed-in shell,
// which changes the URL without popstate, reports through notifyPathChanged.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function currentPathname(): string {
  return window.location.pathname;
}

/** Tells the top level that the URL changed without a popstate event (a router navigation). */
export function notifyPathChanged(): void {
  listeners.forEach((listener) => listener());
}

/** The current pathname, re-rendering on every navigation. */
export function useCurrentPath(): string {
  return useSyncExternalStore(subscribe, currentPathname);
}

/** Replaces the current history entry and lets every router on the page follow (as `navigateTo` does). */
export function replacePath(path: string): void {
  window.history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
