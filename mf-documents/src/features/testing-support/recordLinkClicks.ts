/** A download link the screen clicked: where it pointed and the file name it offered. */
export interface ClickedLink {
  href: string;
  download: string;
}

/**
 * Stands in for the browser following download links (jsdom cannot): from now on every link clicked is recorded in
 * the returned list instead. Call it in `beforeEach`; jest restores the spy between tests.
 */
export function recordLinkClicks(): ClickedLink[] {
  const clicked: ClickedLink[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return clicked;
}
