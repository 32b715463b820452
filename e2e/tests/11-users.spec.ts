import type { Locator, Page } from '@playwright/test';
import { apiGet } from '../support/api';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn, signIn } from '../support/signIn';

const PERMISSION_MESSAGE = 'You do not have permission to access this user dashboard';

async function userId(username: string): Promise<number> {
  const { body } = await apiGet<{ users: { ID_User: number; Username: string }[] }>(
    '/api/users',
    DEMO_USERS.admin.username,
  );
  const found = body.users.find((user) => user.Username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found.ID_User;
}

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

test('an administrator creates a group and a user in it, who signs in with two-factor set-up and gets what their level allows', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const groupName = `Harbour Chambers ${suffix}`;
  const username = `j.new${suffix}`.toLowerCase();

  await openSignedIn(page, DEMO_USERS.admin.username, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();
  await expectAccessible('user management as an administrator');

  await page.getByRole('button', { name: 'Create Group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Create Group' });
  await groupDialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(groupDialog.getByText(/Group Name is required/i)).toBeVisible();
  await expectAccessible('create group with a missing name');
  await groupDialog.getByLabel('Group Name').fill(groupName);
  await groupDialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group created successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add New User' });
  await addDialog.getByLabel('Name', { exact: true }).fill(`Jo New ${suffix}`);
  await addDialog.getByLabel('Email').fill(`${username}@harbour.example`);
  await addDialog.getByLabel('Username').fill(username);
  await addDialog.getByLabel('Password').fill('short');
  await addDialog.getByRole('button', { name: 'Add User' }).click();
  await expect(addDialog.getByText(/at least 12 characters/).first()).toBeVisible();
  await addDialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await choose(page, addDialog.getByRole('combobox', { name: 'Group' }), groupName);
  await choose(page, addDialog.getByRole('combobox', { name: 'Access Level' }), 'Standard');
  await expectAccessible('add new user filled in');
  await addDialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User added successfully')).toBeVisible();
  await page.getByLabel('Search by name or username').fill(username);
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText(groupName);

  // The new user signs in the way a person does: two-factor set-up first.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  expect(await signIn(newcomer, username)).toBe('setup');
  await expect(newcomer.getByRole('button', { name: 'Documents' })).toBeVisible();
  await newcomer.goto('/users');
  await expect(newcomer.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await newcomer.goto('/users/dashboard');
  await expect(newcomer.getByRole('heading', { level: 1, name: `Jo New ${suffix}` })).toBeVisible();
  await expect(newcomer.getByText('Standard').first()).toBeVisible();
  await expect(newcomer.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
  await expect(newcomer.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await context.close();
});

test("a group admin manages only their own group, without the admin flags, and cannot open another group's dashboard", async ({
  page,
  expectAccessible,
}) => {
  await openSignedIn(page, DEMO_USERS.groupAdmin.username, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'dr.patel' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'dr.okafor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View Groups' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expect(dialog.getByLabel('Username')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Administrator' })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Access Level' })).toHaveCount(0);
  await expectAccessible('add new user as a group admin');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The server holds the same line: another group's user is out of reach.
  const okafor = await userId(DEMO_USERS.otherGroup.username);
  expect((await apiGet(`/api/users/${okafor}`, DEMO_USERS.groupAdmin.username)).status).toBe(403);
  await page.goto(`/users/dashboard/${okafor}`);
  await expect(page.getByText(PERMISSION_MESSAGE)).toBeVisible();
  await expectAccessible("another group's dashboard refused");
});

test("an ordinary user opening another user's dashboard gets the permission message", async ({ page }) => {
  const okafor = await userId(DEMO_USERS.otherGroup.username);
  await openSignedIn(page, DEMO_USERS.standard.username, `/users/dashboard/${okafor}`);
  await expect(page.getByText(PERMISSION_MESSAGE)).toBeVisible();
  expect((await apiGet(`/api/users/${okafor}`, DEMO_USERS.standard.username)).status).toBe(403);
});
