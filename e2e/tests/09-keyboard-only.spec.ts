// One flow with the keyboard alone (no mouse click anywhere): sign in with two-factor, add a patient, open
// its dashboard. It also walks the keyboard patterns of WCAG 2.2 AA the suite relies on: the skip link,
// the navbar's menu buttons, and Tab wrapping inside an open modal.
import { rememberSecret, secretOf } from '../support/api';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { tabTo } from '../support/keyboard';
import { field, patientModal, patientSearchHeading, uniqueSuffix } from '../support/patientsUi';
import { nextCode } from '../support/totp';

const { username } = DEMO_USERS.groupAdmin;

test('signing in, adding a patient and opening its dashboard with the keyboard alone', async ({
  page,
  expectAccessible,
}) => {
  const suffix = uniqueSuffix();
  const surname = `Keyboard${suffix}`;

  // Landing page: the skip link comes first, then the way in.
  await page.goto('/');
  const getStarted = page.getByRole('button', { name: 'GET STARTED' });
  // The page renders after the runtime configuration arrives: a key pressed before that reaches nothing.
  await expect(getStarted).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await tabTo(page, getStarted);
  await page.keyboard.press('Enter');

  // Credentials: the username field has focus; Enter submits.
  const login = page.getByRole('dialog', { name: 'Login to the product' });
  await expect(login.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(login.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');

  // Two-factor: set-up on a first sign-in, the code otherwise; the code field has focus either way.
  const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  const verify = page.getByRole('dialog', { name: 'Two-factor verification' });
  await expect(setup.or(verify)).toBeVisible();
  let secret = secretOf(username);
  if (await setup.isVisible()) {
    secret = (await setup.getByTestId('totp-secret').innerText()).trim();
    // Later tests of this account sign in through the API with the same authenticator.
    rememberSecret(username, secret);
  }
  if (!secret) throw new Error(`${username} has two-factor set up, but this run never saw its secret`);
  const codeField = page.getByRole('textbox', { name: /authentication code/i });
  await expect(codeField).toBeFocused();
  await page.keyboard.type(await nextCode(secret));
  await page.keyboard.press('Enter');
  await expect(patientSearchHeading(page)).toBeVisible();

  // The skip link jumps over the navbar to the screen itself.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Add New Patient, filled in field by field with Tab.
  await tabTo(page, page.getByRole('button', { name: 'Add New Patient' }));
  await page.keyboard.press('Enter');
  const modal = patientModal(page);
  await expect(modal).toBeVisible();
  await tabTo(page, field(modal, 'FirstName'));
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await expect(field(modal, 'Surname')).toBeFocused();
  await page.keyboard.type(surname);
  await page.keyboard.press('Tab');
  await expect(field(modal, 'DateOfBirth')).toBeFocused();
  await page.keyboard.type('04/12/1980');
  await page.keyboard.press('Tab');
  await expect(field(modal, 'MRN')).toBeFocused();
  await page.keyboard.type(`E2E-KB-${suffix}`);

  // Focus stays inside the open modal: past its last control it wraps to the first, and back.
  const addPatient = modal.getByRole('button', { name: 'Add Patient' });
  await tabTo(page, addPatient);
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(addPatient).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();

  // The new patient heads the recent list; its name opens the dashboard.
  const recent = page
    .getByRole('list', { name: 'Recent patients' })
    .getByRole('button', { name: new RegExp(surname) });
  await tabTo(page, recent);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patients\/\d+\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Kim ${surname}` })).toBeVisible();
  await expect(page.getByText('04/12/1980').first()).toBeVisible();
  await expectAccessible('patient dashboard reached by keyboard');

  // The navbar's menus: Arrow Down opens on the first item, Escape closes and returns to the button.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  const patientMenuButton = navigation.getByRole('button', { name: 'Patient' });
  await tabTo(page, patientMenuButton, { backwards: true });
  await expect(patientMenuButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(patientMenuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(patientMenuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(patientSearchHeading(page)).toBeVisible();
});
