// Runs only inside `pnpm test:new-remote`, on a scratch copy of the repository where `pnpm new:remote demo` has just
// made mf-demo: the new area must mount in the suite with no other edit (ADR 0005).
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { openSignedIn } from '../support/signIn';

const newRemote = process.env.E2E_NEW_REMOTE;

test.skip(!newRemote, 'only in pnpm test:new-remote, which creates the remote first');

test('a remote made by pnpm new:remote appears in the navbar and mounts its first screen', async ({
  page,
}) => {
  const name = newRemote ?? '';
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  await openSignedIn(page, DEMO_USERS.admin.username, '/patients');
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}$`));
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
  await expect(page.getByText(/^Signed in as Dr Morgan Admin/)).toBeVisible();
});
