const SCHEME = /^\s*[a-z][a-z0-9+.-]*:\/\//i;

/** The text of the domain field without a pasted protocol ("https://nice.org.uk" becomes "nice.org.uk"). */
export function withoutProtocol(text: string): string {
  return text.replace(SCHEME, '');
}

/**
 * The domain a trusted source is saved with: no protocol, path, query, port or trailing dot, in lower case, so a
 * pasted address ("https://www.NICE.org.uk/guidance/ng59?x=1") becomes the host it names ("www.nice.org.uk").
 */
export function normaliseDomain(text: string): string {
  const host = withoutProtocol(text.trim()).split(/[/?#]/)[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/\.+$/, '').toLowerCase();
}
