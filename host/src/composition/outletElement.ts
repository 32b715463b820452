// The DOM element the host renders for remotes (the outlet). single-spa may want to mount a remote a
// moment before React has committed the outlet (right after sign-in, or while the signed-in shell is
// still loading), so mounting waits for it instead of failing.

let outlet: HTMLElement | null = null;
let waiters: Array<(element: HTMLElement) => void> = [];

/** Called by the outlet's ref: the element when it is attached, null when it goes away. */
export function setOutletElement(element: HTMLElement | null): void {
  outlet = element;
  if (element) {
    const pending = waiters;
    waiters = [];
    pending.forEach((resolve) => resolve(element));
  }
}

/** The outlet once React has rendered it; rejects after `timeoutMs`. */
export function waitForOutletElement(timeoutMs: number): Promise<HTMLElement> {
  if (outlet?.isConnected) return Promise.resolve(outlet);
  return new Promise<HTMLElement>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiters = waiters.filter((waiter) => waiter !== settle);
      reject(new Error('The page has no area outlet to show it in.'));
    }, timeoutMs);
    const settle = (element: HTMLElement) => {
      clearTimeout(timer);
      resolve(element);
    };
    waiters.push(settle);
  });
}

/**
 * The container of one remote inside the outlet, created on first use. Each remote gets its own
 * element so that one remote's React root never reuses another's node.
 */
export function remoteContainer(remoteName: string): HTMLElement {
  if (!outlet) throw new Error('The page has no area outlet to show it in.');
  const id = `area-${remoteName}`;
  const existing = Array.from(outlet.children).find((child) => child.id === id);
  if (existing instanceof HTMLElement) return existing;
  const container = document.createElement('div');
  container.id = id;
  outlet.appendChild(container);
  return container;
}
