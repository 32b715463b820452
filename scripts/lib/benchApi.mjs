// What the server benchmarks share: JSON calls to the API with a time-out, a demo account's first sign-in (which
// sets up two-factor), and percentiles of measured durations.
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEMO_PASSWORD } from './demoSignIn.mjs';
import { ROOT } from './workspace.mjs';

const REQUEST_TIMEOUT_MS = 120_000;
const OTPAuth = createRequire(path.join(ROOT, 'server', 'package.json'))('otpauth');

/** One call: JSON in (`json`) or any body (`body`), JSON out; a failure throws with the server's message. */
export async function request(url, { method = 'GET', token, json, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${answer.message ?? ''}`);
  return answer;
}

/** Signs a demo account in for the first time on a fresh database (two-factor set up on the way); its token. */
export async function signIn(apiUrl, username) {
  const first = await request(`${apiUrl}/api/login`, {
    method: 'POST',
    json: { username, password: DEMO_PASSWORD },
  });
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(first.totp_secret),
    digits: 6,
    period: 30,
  });
  const done = await request(`${apiUrl}/api/login`, {
    method: 'POST',
    json: { setup_token: first.setup_token, totp_token: totp.generate({ timestamp: Date.now() }) },
  });
  return done.token;
}

/** The value below which `fraction` of the values lie (nearest rank); NaN for none. */
export function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}
