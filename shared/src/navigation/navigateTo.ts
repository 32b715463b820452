/**
 * Client-side navigation that every router on the page follows: pushState, then a popstate event
 * (BrowserRouter and single-spa both listen to it).
 */
export function navigateTo(path: string): void {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (current !== path) window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
