/** The host a link leads to, so its text can say where it goes; the fallback when the address cannot be read. */
export function webPageHost(url: string, fallback: string): string {
  try {
    return new URL(url).host || fallback;
  } catch {
    return fallback;
  }
}
