// TOTP codes (RFC 6238, SHA-1, 6 digits, 30 s) computed from a secret the way an authenticator app does.
// The server accepts each time step once and tolerates one step of drift either way, so a run that signs the same
// user in twice within 30 s must use the next step's code, and a third time must wait for the clock.
import * as OTPAuth from 'otpauth';
import { readRunState, updateRunState } from './runState';

export const TOTP_PERIOD_SECONDS = 30;

export function totpAt(secret: string, step: number): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '').toUpperCase()),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
  return totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

function currentStep(): number {
  return Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code for `secret` whose time step has not been used in this run. Uses the current step, else the next one
 * (within the accepted drift), else waits until a fresh step is within reach. Steps only move forward, so a
 * server that rejects any step at or before the last one used also accepts every code this returns.
 */
export async function nextCode(secret: string): Promise<string> {
  const lastUsed = readRunState().lastStepBySecret[secret] ?? -Infinity;
  let step = Math.max(currentStep(), lastUsed + 1);
  // One step ahead is inside the accepted drift; two steps ahead would be rejected, so wait for the clock.
  while (step > currentStep() + 1) {
    const msToNextStep = TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000)) + 50;
    await sleep(msToNextStep);
    step = Math.max(currentStep(), lastUsed + 1);
  }
  updateRunState((state) => {
    state.lastStepBySecret[secret] = step;
  });
  return totpAt(secret, step);
}
