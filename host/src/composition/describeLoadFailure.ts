const MAX_DETAIL_LENGTH = 220;

/**
 * The detail line of the fallback: what went wrong, in one sentence a support person can act on.
 * A JavaScript file that turns out to be an HTML page fails with "Unexpected token '<'", and the
 * federation runtime's messages carry error codes and documentation links: both are put plainly.
 */
export function describeLoadFailure(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error ?? '')).trim();
  if (/Unexpected token '?<'?/.test(message)) {
    return "The server answered with a web page instead of the area's code.";
  }
  const script = /Failed to load script "([^"]+)"/.exec(message);
  if (script) return `Its code (${script[1]}) could not be loaded.`;
  const plain = message
    .replace(/^\[ Federation Runtime \]:\s*/, '')
    .replace(/\s*View the docs.*$/s, '')
    .trim();
  if (plain === '') return 'Loading it failed for an unknown reason.';
  return plain.length > MAX_DETAIL_LENGTH ? `${plain.slice(0, MAX_DETAIL_LENGTH - 3)}...` : plain;
}
