// Signing in the way a person does (landing page, GET STARTED, credentials, two-factor set-up or code), and a fast
// path that starts a page already signed in, for flows that are not about signing in.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { rememberSecret, rememberToken, secretOf, tokenFor } from './api';
import { DEMO_PASSWORD } from './demoAccounts';
import { nextCode } from './totp';

export type TwoFactorStep = 'setup' | 'verify';

/** The secret as the set-up modal shows it: the first base32 run long enough to be a TOTP secret. */
function findSecret(text: string): string | undefined {
  return text.match(/\b[A-Z2-7]{16,}\b/)?.[0];
}

function codeInput(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: /authentication code/i });
}

/**
 * Signs `username` in through the UI and waits for /patients. Returns which two-factor step the product asked for.
 * The secret shown during set-up is read from the screen and remembered for later sign-ins in this run. Every screen
 * and modal on the way (landing page, login, two-factor set-up or verification) goes through the axe-core check.
 */
export async function signIn(page: Page, username: string): Promise<TwoFactorStep> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'GET STARTED' })).toBeVisible();
  await expectAccessible(page, 'landing page');
  await page.getByRole('button', { name: 'GET STARTED' }).click();
  const login = page.getByRole('dialog', { name: 'Login to the product' });
  await expect(login.getByLabel(/username/i)).toBeFocused();
  await expectAccessible(page, 'login modal');
  await login.getByLabel(/username/i).fill(username);
  await login.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Login', exact: true }).click();

  const completeSetup = page.getByRole('button', { name: 'Complete Setup' });
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(completeSetup.or(verify)).toBeVisible();

  let step: TwoFactorStep;
  if (await completeSetup.isVisible()) {
    step = 'setup';
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    const secret = findSecret(await dialog.innerText());
    if (!secret) throw new Error('The two-factor set-up modal shows no secret as text');
    rememberSecret(username, secret);
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page, 'two-factor set-up modal');
    await codeInput(dialog).fill(await nextCode(secret));
    await completeSetup.click();
  } else {
    step = 'verify';
    const secret = secretOf(username);
    if (!secret) throw new Error(`${username} already has two-factor, but this run never saw its secret`);
    const dialog = page.getByRole('dialog', { name: 'Two-factor verification' });
    await expect(codeInput(dialog)).toBeFocused();
    await expectAccessible(page, 'two-factor verification modal');
    await codeInput(dialog).fill(await nextCode(secret));
    await verify.click();
  }
  await expect(page).toHaveURL(/\/patients(\/|$|\?)/);
  // Keep the session the UI just obtained, so later tests need no new code for this user.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (token) rememberToken(username, token);
  return step;
}

/** Who each page was opened as, so that the session it ends with can be kept for the next test. */
const signedInAs = new WeakMap<Page, string>();

/**
 * Keeps the token a page ends with: restoring a session rotates its token (the one placed is revoked), so without
 * this every later test of that user would sign in again through the API and wait for a fresh two-factor code.
 */
export async function keepSessionOf(page: Page): Promise<void> {
  const username = signedInAs.get(page);
  if (!username || page.isClosed()) return;
  const token = await page.evaluate(() => window.localStorage.getItem('token')).catch(() => null);
  if (token) rememberToken(username, token);
}

/**
 * Opens `path` already signed in as `username`: the token (obtained through the API, two-factor included) is put in
 * local storage before the app starts, exactly where a sign-in leaves it, so the app restores the session itself.
 * The token is placed once per tab, so signing out in the test stays signed out.
 */
export async function openSignedIn(page: Page, username: string, path = '/patients'): Promise<void> {
  const token = await tokenFor(username);
  signedInAs.set(page, username);
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-token-placed')) {
      window.sessionStorage.setItem('e2e-token-placed', '1');
      window.localStorage.setItem('token', value);
    }
  }, token);
  await page.goto(path);
}

/** The navbar's sign-out button (shows the user's initials; its accessible name says what it does). */
export function signOutButton(page: Page): Locator {
  return page.getByRole('button', { name: /^sign out/i });
}

export async function signOut(page: Page): Promise<void> {
  await signOutButton(page).click();
  await expect(page.getByRole('button', { name: 'GET STARTED' })).toBeVisible();
}
