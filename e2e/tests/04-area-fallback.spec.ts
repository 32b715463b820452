import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../scripts/serve-static.mjs';
import { declareRemotes, remoteNobodyServes } from '../support/declareRemotes';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import { patientSearchHeading } from '../support/patientsUi';
import { openSignedIn, signOut } from '../support/signIn';

const { username } = DEMO_USERS.practitioner;
const UNAVAILABLE = 'This area is unavailable';

test.describe('a remote that is down', () => {
  let remote: StaticServer | undefined;

  test.afterEach(async () => {
    await remote?.close();
    remote = undefined;
  });

  test('shows the fallback with Retry while the navbar and sign-out keep working', async ({
    page,
    stack,
    expectAccessible,
  }) => {
    // This copy of the host expects mf_patients on a port nobody serves.
    await openSignedIn(page, username, `${stack.remoteDownHostUrl}/patients`);
    await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(patientSearchHeading(page)).toHaveCount(0);
    // What the clinician reads says what is unavailable and what to do; the technical reason waits behind Details.
    await expect(
      page.getByText('Patients cannot be opened at the moment. The rest of the suite keeps working.'),
    ).toBeVisible();
    const developerDetail = page.getByText(/mf-manifest\.json|127\.0\.0\.1|Failed to fetch/);
    await expect(developerDetail).toBeHidden();
    await expectAccessible('area unavailable fallback');
    await page.getByText('Details', { exact: true }).click();
    await expect(developerDetail).toBeVisible();
    // The shell is still alive around the outlet: its menus open.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Patient' }).click();
    await expect(page.getByRole('menuitem', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('Escape');
    await signOut(page);
    await expect(page).toHaveURL(new RegExp(`^${stack.remoteDownHostUrl}/?$`));
  });

  test('Retry loads the area once the remote is back', async ({ page, stack }) => {
    await openSignedIn(page, username, `${stack.remoteDownHostUrl}/patients`);
    await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
    const dist = stack.remoteDirs.mf_patients;
    if (!dist) throw new Error('mf_patients has no dist/ in this stack');
    remote = await startStaticServer({ dir: dist, host: '127.0.0.1', port: stack.remoteDownPort });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(patientSearchHeading(page)).toBeVisible();
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  });
});

test.describe('a remote that serves garbage', () => {
  let broken: Server | undefined;

  test.afterEach(async () => {
    const server = broken;
    broken = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  /** Answers every path with an HTML page (status 200), except the manifest when `realManifest` is given. */
  async function serveGarbage(port: number, realManifest?: string) {
    broken = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (realManifest && req.url?.startsWith('/mf-manifest.json')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(realManifest);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><body>Not what you asked for</body></html>');
    });
    await new Promise<void>((resolve) => broken?.listen(port, '127.0.0.1', resolve));
  }

  test('an HTML page instead of the manifest ends in the fallback, not a spinner', async ({
    page,
    stack,
  }) => {
    await serveGarbage(stack.brokenRemotePort);
    await openSignedIn(page, username, `${stack.brokenRemoteHostUrl}/patients`);
    await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('an HTML page instead of the remote entry script ends in the fallback, not a spinner', async ({
    page,
    stack,
  }) => {
    const dist = stack.remoteDirs.mf_patients;
    if (!dist) throw new Error('mf_patients has no dist/ in this stack');
    await serveGarbage(stack.brokenRemotePort, readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    await openSignedIn(page, username, `${stack.brokenRemoteHostUrl}/patients`);
    await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test('a configured area whose remote is not running shows the fallback, its navbar entries still listed', async ({
  page,
  expectAccessible,
}) => {
  // The reports remote, configured with the secure chatbot in the Tools section, where nothing is deployed.
  await declareRemotes(page, [
    await remoteNobodyServes('mf_reports', 'reports', 'Reports', [
      {
        key: 'secure-chatbot',
        path: '/secure-chatbot',
        feature: 'tools',
        patientLevels: [1],
        nav: { section: 'tools', label: 'Secure Chatbot', order: 10 },
      },
    ]),
  ]);
  // dr.patel (Full Access) may open the secure chatbot.
  await openSignedIn(page, username, '/secure-chatbot');
  await expect(page).toHaveURL(/\/secure-chatbot$/);
  await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
  await expect(
    page.getByText('Reports cannot be opened at the moment. The rest of the suite keeps working.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page).toHaveTitle('Reports — The Expert Witness Report Tool');
  await expectAccessible('area unavailable fallback of a configured area');
  // The navbar reads the same declarations: the Tools section lists the item, and Patient Search still works.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('button', { name: 'Tools' }).click();
  await expect(page.getByRole('menuitem', { name: 'Secure Chatbot' })).toBeVisible();
  await expectAccessible('navbar menu open');
  await page.keyboard.press('Escape');
  await expect(navigation.getByRole('button', { name: 'Tools' })).toBeFocused();
  await navigation.getByRole('button', { name: 'Patient' }).click();
  await page.getByRole('menuitem', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(patientSearchHeading(page)).toBeVisible();
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});

test('a route that needs a selected patient says so when none is selected', async ({
  page,
  expectAccessible,
}) => {
  await declareRemotes(page, [
    await remoteNobodyServes('mf_reports', 'reports', 'Reports', [
      {
        key: 'draft-report',
        path: '/draft-report',
        feature: 'generative-ai',
        needsPatient: true,
        patientLevels: [1],
      },
    ]),
  ]);
  await openSignedIn(page, username, '/draft-report');
  await expect(
    page.getByText('No patient selected. Please select a patient from the Patient menu first.'),
  ).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectAccessible('no patient selected');
});
