// The demo account and what `pnpm start` and `pnpm dev` print once everything answers.
export const DEMO_USERNAME = 'dr.patel';
export const DEMO_PASSWORD = 'DemoPass!2026';

export function printSignInHelp(url) {
  console.info(`
  Open ${url}
  Sign in with username ${DEMO_USERNAME} and password ${DEMO_PASSWORD} (other demo accounts: see README.md).
  The first sign-in of an account sets up two-factor: scan the QR code (or type the secret shown) into any
  authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...) and enter its 6-digit code.

  Press Ctrl-C to stop.
`);
}
