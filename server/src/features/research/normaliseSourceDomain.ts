/** Why a typed domain was refused, for the 400 the user sees. */
export class InvalidSourceDomainError extends Error {
  override name = 'InvalidSourceDomainError';
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The domain a trusted source stands for, from what the user typed or pasted: trimmed, lower case, without protocol,
 * credentials, port, path or a leading "www.", international names in their ASCII (punycode) form — so
 * "https://www.NICE.org.uk/guidance" is nice.org.uk. Anything that is not a public host name (an IP address,
 * "localhost", a single label, a bare number) is refused: result hosts are compared with it label by label.
 */
export function normaliseSourceDomain(typed: string): string {
  const text = typed.trim().toLowerCase();
  const refuse = () =>
    new InvalidSourceDomainError(`"${typed.trim()}" is not a domain: enter one such as nice.org.uk`);
  if (text === '' || /\s/.test(text)) throw refuse();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw refuse();
  const host = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
  if (host.startsWith('[') || IPV4.test(host)) throw refuse();
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) throw refuse();
  if (/^\d+$/.test(labels.at(-1)!)) throw refuse();
  return host;
}
