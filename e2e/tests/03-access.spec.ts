import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import {
  noResultsMessage,
  patientSearchHeading,
  searchFor,
  searchResult,
  uniqueSuffix,
} from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

test('a Transcription Only user opening document processing sees Access Denied stating the level', async ({
  page,
  expectAccessible,
}) => {
  await openSignedIn(page, DEMO_USERS.typist.username, '/documents/process');
  await expect(page.getByText('Access Denied').first()).toBeVisible();
  await expect(page.getByText(/Transcription Only/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page).toHaveTitle('Access Denied — The Expert Witness Report Tool');
  // A sober page: the statement and the ways on, no illustration.
  await expect(page.locator('main svg:not([aria-hidden="true"]), main img')).toHaveCount(0);
  await expectAccessible('access denied');
  await page.getByRole('button', { name: 'Go to Patient Search' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(patientSearchHeading(page)).toBeVisible();
});

test('a path that no deployed remote declares goes on to Patient Search', async ({ page }) => {
  await openSignedIn(page, DEMO_USERS.practitioner.username, '/transcription/archive');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(patientSearchHeading(page)).toBeVisible();
  await expect(page.getByText('Access Denied')).toHaveCount(0);
});

test('a Read Only user sees a patient dashboard without Edit Patient or Delete Patient Data', async ({
  page,
  expectAccessible,
}) => {
  const suffix = uniqueSuffix();
  const patient = await createPatient(DEMO_USERS.practitioner.username, {
    FirstName: 'Rowan',
    Surname: `Viewable${suffix}`,
    DateOfBirth: '1975-09-30',
    MRN: `E2E-RO-${suffix}`,
  });
  await openSignedIn(page, DEMO_USERS.readOnly.username, '/patients');
  await searchFor(page, patient.Surname);
  await searchResult(page, patient.Surname).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${patient.ID_Patient}/dashboard$`));
  // The dashboard is there (the patient heading and MRN show) but the editing controls are not.
  await expect(page.getByRole('heading', { name: `Rowan ${patient.Surname}` })).toBeVisible();
  await expect(page.getByText(patient.MRN).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Patient' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Patient Data' })).toHaveCount(0);
  await expectAccessible('patient dashboard of a Read Only user');
});

test('patients of another group cannot be found', async ({ page }) => {
  const prefix = `Isolated${uniqueSuffix()}`;
  await createPatient(DEMO_USERS.practitioner.username, {
    FirstName: 'Group',
    Surname: `${prefix}One`,
    DateOfBirth: '1990-01-01',
    MRN: `E2E-G1-${prefix}`,
  });
  await createPatient(DEMO_USERS.otherGroup.username, {
    FirstName: 'Group',
    Surname: `${prefix}Two`,
    DateOfBirth: '1990-01-01',
    MRN: `E2E-G2-${prefix}`,
  });
  await openSignedIn(page, DEMO_USERS.otherGroup.username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  await searchFor(page, prefix);
  // Dr Okafor (group 2) finds his own group's patient and never the group-1 patient with the same prefix.
  await expect(searchResult(page, `${prefix}Two`)).toBeVisible();
  await expect(page.getByText(`${prefix}One`)).toHaveCount(0);
  await searchFor(page, `${prefix}One`);
  await expect(noResultsMessage(page, `${prefix}One`)).toBeVisible();
});
