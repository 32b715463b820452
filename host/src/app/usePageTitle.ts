import { useEffect } from 'react';

/** The product's name, the last part of every page title. */
export const PRODUCT_NAME = 'The Expert Witness Report Tool';

/** "Patient Search — The Expert Witness Report Tool"; the product's name alone for no title. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Names the browser tab after the screen shown (WCAG 2.4.2). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
