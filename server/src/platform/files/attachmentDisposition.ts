/**
 * `Content-Disposition: attachment` (or `inline`, shown in the browser: a bundle opened at a page) naming the file: a plain ASCII `filename` for old clients and the exact name
 * as RFC 5987 `filename*` (UTF-8, percent-encoded), so accents and non-Latin names survive.
 */
export function attachmentDisposition(
  filename: string,
  kind: 'attachment' | 'inline' = 'attachment',
): string {
  const asciiFallback = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
