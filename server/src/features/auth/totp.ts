import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const ISSUER = 'Expert Witness Report Tool';

function totpFor(secretBase32: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random 160-bit secret (base32) and its otpauth:// URI for authenticator apps. */
export function createTotpSecret(username: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, username).toString() };
}

/**
 * The RFC 6238 time step a code belongs to (SHA1, 6 digits, 30 s, one step of skew either way), or null when it
 * is not a valid code now. Callers refuse steps at or below the last one accepted, so each code works once.
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}
