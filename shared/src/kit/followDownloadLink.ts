/**
 * Has the browser download what a link points at, under this name: a hidden anchor, clicked once and removed at
 * once (a download started by a click keeps going without it).
 */
export function followDownloadLink(href: string, filename: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}
