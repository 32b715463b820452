import type { MouseEvent } from 'react';
import './skipLink.css';

/** The id of the element that holds each page's main content: the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first thing Tab reaches, visible only while focused (WCAG 2.4.1). Focus
 * moves in script rather than through the URL's hash, so no router or single-spa sees a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
