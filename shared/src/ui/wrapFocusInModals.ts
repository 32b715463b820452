// antd's modal focus lock pulls focus back only once it has landed outside the dialog: Tab on the last
// control of a dialog that ends the document first leaves for the browser's toolbar. This wraps focus at
// the dialog's edges instead (WCAG 2.4.3), for every modal dialog of the page.

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.closest('[inert], [aria-hidden="true"]')) return false;
  // A hidden element has no layout box; `display: contents` wrappers are never matched by TABBABLE.
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The controls Tab visits inside `container`, in document order (positive tabindex is not used here). */
export function tabbableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(isTabbable);
}

function onTab(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return;
  const dialog = active.closest<HTMLElement>('[role="dialog"][aria-modal="true"], [role="alertdialog"]');
  if (!dialog) return;
  const tabbable = tabbableElements(dialog);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) return;
  const leaving = event.shiftKey ? active === first || active === dialog : active === last;
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

let users = 0;

/**
 * Starts wrapping Tab and Shift+Tab inside open modal dialogs; returns the stop function. Every React root
 * of the page (host and remotes) asks for it; one listener serves them all.
 */
export function wrapFocusInModals(): () => void {
  if (users === 0) document.addEventListener('keydown', onTab, true);
  users += 1;
  return () => {
    users -= 1;
    if (users === 0) document.removeEventListener('keydown', onTab, true);
  };
}
