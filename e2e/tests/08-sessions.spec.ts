// Sessions in the browser: every open tab of the suite shares one session (a sign-out or sign-in in one tab reaches
// the others), reloading or opening tabs quickly never loses it, an idle session ends with a warning a minute
// before, and all of it runs under the static server's Content-Security-Policy without a single violation (the
// `cspViolations` fixture checks every test).
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { patientSearchHeading } from '../support/patientsUi';
import { openSignedIn, signIn, signOutButton } from '../support/signIn';

const { username } = DEMO_USERS.standard;

function landingPage(page: Page) {
  return page.getByRole('button', { name: 'GET STARTED' });
}

/** A second tab of the same browser: same origin, same local storage, its own page. */
async function secondTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(path);
  return tab;
}

test('signing in in one tab signs in the others', async ({ page, context }) => {
  const other = await secondTab(context, '/');
  await expect(landingPage(other)).toBeVisible();

  await signIn(page, username);

  await expect(patientSearchHeading(other)).toBeVisible({ timeout: 5_000 });
  await expect(other).toHaveURL(/\/patients$/);
});

test('signing out in one tab shows every other tab the landing page within a second', async ({
  page,
  context,
  stack,
}) => {
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  const other = await secondTab(context, '/patients');
  await expect(patientSearchHeading(other)).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));

  const signedOutAt = Date.now();
  await signOutButton(page).click();
  await expect(landingPage(other)).toBeVisible({ timeout: 1_000 });
  expect(Date.now() - signedOutAt).toBeLessThan(1_000);
  await expect(other).toHaveURL(/\/$/);
  expect(await other.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Signed out for real: the other tab does not come back signed in when reloaded, and the API refuses the token.
  await other.goto('/patients');
  await expect(landingPage(other)).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await fetch(`${stack.apiUrl}/api/access-levels`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return answer.status;
    })
    .toBe(401);
});

/** Every answer to a token refresh that `page` receives, by status. */
function refreshAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/refresh-token')) statuses.push(response.status());
  });
  return statuses;
}

test('a reload while the previous load is still refreshing the session stays signed in', async ({
  page,
  stack,
}) => {
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();

  // The next load's refresh reaches the server, which rotates the token, but its answer never reaches the page:
  // the user reloads again first.
  let refreshRotated: () => void = () => undefined;
  const rotated = new Promise<void>((resolve) => {
    refreshRotated = resolve;
  });
  let held = false;
  await page.route('**/api/refresh-token', async (route) => {
    if (held) return route.continue();
    held = true;
    await route.fetch();
    refreshRotated();
  });
  await page.reload();
  await rotated;
  const answers = refreshAnswers(page);
  await page.reload();

  await expect(patientSearchHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/patients$/);
  expect(answers).toEqual([200]);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const answer = await fetch(`${stack.apiUrl}/api/access-levels`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
});

test('two tabs opened at once stay signed in with one session, and a sign-out still ends it in every tab', async ({
  page,
  context,
}) => {
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();

  const tabs = await Promise.all([context.newPage(), context.newPage()]);
  const answers = tabs.map(refreshAnswers);
  await Promise.all(tabs.map((tab) => tab.goto('/patients')));
  for (const tab of [page, ...tabs]) {
    await expect(patientSearchHeading(tab)).toBeVisible();
    await expect(tab).toHaveURL(/\/patients$/);
  }
  expect(answers.flat().every((status) => status === 200)).toBe(true);

  await signOutButton(tabs[0]!).click();
  for (const tab of [page, ...tabs]) await expect(landingPage(tab)).toBeVisible({ timeout: 2_000 });
});

test('after 29 idle minutes a warning offers to stay; without an answer the session ends at 30', async ({
  page,
  expectAccessible,
}) => {
  await page.clock.install();
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();

  await page.clock.fastForward('29:00');
  const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectAccessible('idle sign-out warning');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();

  await page.clock.fastForward('28:00');
  await expect(warning).toBeHidden();
  await page.clock.fastForward('01:00');
  await expect(warning).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(landingPage(page)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
