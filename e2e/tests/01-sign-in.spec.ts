import { apiSignIn, secretOf } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { patientSearchHeading } from '../support/patientsUi';
import { openSignedIn, signIn, signOut } from '../support/signIn';

const { username } = DEMO_USERS.practitioner;

test('the first sign-in sets up two-factor with the secret shown on screen and lands on /patients', async ({
  page,
  expectAccessible,
}) => {
  // Only a retry of this test can find the account already set up.
  const firstTime = secretOf(username) === undefined;
  const step = await signIn(page, username);
  if (firstTime) expect(step).toBe('setup');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(patientSearchHeading(page)).toBeVisible();
  await expect(page).toHaveTitle('Patient Search — The Expert Witness Report Tool');
  await expectAccessible('patient search');
});

test('a later sign-in asks for the code from the authenticator app', async ({ page }) => {
  if (secretOf(username) === undefined) await apiSignIn(username);
  expect(await signIn(page, username)).toBe('verify');
  await expect(patientSearchHeading(page)).toBeVisible();
});

test('reloading the page restores the session', async ({ page }) => {
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  await page.reload();
  // 'Restoring your session...' may flash; the user must end up where they were, still signed in.
  await expect(patientSearchHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('button', { name: 'GET STARTED' })).toHaveCount(0);
});

test('signing out returns to the landing page and a reload stays signed out', async ({ page }) => {
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  await signOut(page);
  await page.goto('/patients');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'GET STARTED' })).toBeVisible();
});

test('a wrong password is refused with a message and nobody is signed in', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'GET STARTED' }).click();
  const login = page.getByRole('dialog', { name: 'Login to the product' });
  await login.getByLabel(/username/i).fill(DEMO_USERS.standard.username);
  await login.getByLabel(/password/i).fill('not-the-password');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  // The server's message is shown (the spec's rule); whatever its words, it is an error inside the modal.
  await expect(login.getByRole('alert')).toBeVisible();
  await expectAccessible('login modal with a refused password');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
