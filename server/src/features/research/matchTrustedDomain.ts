const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The trusted domain a search result's page is on, or null when it is on none: the URL must be http(s), carry no
 * credentials, name a host (never an IP address) that is one of `domains` or a subdomain of one, label by label.
 * The URL parser puts the host in its canonical form first (lower case, punycode for international names), so
 * "evil-nice.org.uk", "nice.org.uk.evil.com", "nice.org.uk@evil.com" and a look-alike in another script are all
 * refused; a single trailing dot ("nice.org.uk.") is the same DNS name and is accepted. When domains nest, the
 * longest (most specific) wins. `domains` are normalised already (normaliseSourceDomain).
 */
export function matchTrustedDomain(url: string, domains: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  if (host === '' || host.startsWith('[') || IPV4.test(host) || host.split('.').includes('')) return null;
  let best: string | null = null;
  for (const domain of domains) {
    if ((host === domain || host.endsWith(`.${domain}`)) && (best === null || domain.length > best.length)) {
      best = domain;
    }
  }
  return best;
}
