import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import {
  field,
  fillPatientForm,
  noResultsMessage,
  searchResult,
  patientModal,
  patientSearchHeading,
  saveButton,
  searchFor,
  typedDate,
  uniqueSuffix,
} from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

const { username } = DEMO_USERS.practitioner;

function newPatientFields() {
  const suffix = uniqueSuffix();
  return {
    suffix,
    FirstName: 'Avery',
    Surname: `Testington${suffix}`,
    DateOfBirth: '1980-04-12',
    MRN: `E2E-${suffix}`,
  };
}

test('adding a patient: the four required fields are enforced, then a valid patient is added', async ({
  page,
  expectAccessible,
}) => {
  const { suffix: _suffix, ...patient } = newPatientFields();
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  await expectAccessible('patient search');
  await page.getByRole('button', { name: 'Add New Patient' }).click();
  const modal = patientModal(page);
  await expect(modal).toBeVisible();
  await expectAccessible('add patient modal');

  await saveButton(modal).click();
  for (const message of [
    'First name is required',
    'Surname is required',
    'Date of birth is required',
    'MRN is required',
  ]) {
    await expect(modal.getByText(message)).toBeVisible();
  }
  await expectAccessible('add patient modal with the required-field messages');
  // Blank-looking input is still blank: text is trimmed for the emptiness check.
  await field(modal, 'FirstName').fill('   ');
  await saveButton(modal).click();
  await expect(modal.getByText('First name is required')).toBeVisible();

  await fillPatientForm(modal, patient);
  await expect(modal.getByText('First name is required')).toHaveCount(0);
  await saveButton(modal).click();
  await expect(modal).toBeHidden();
  // A newly added patient goes to the front of the recent list, and it is really stored: a search finds it.
  await expect(
    page.getByRole('list', { name: 'Recent patients' }).getByRole('listitem').first(),
  ).toContainText(patient.Surname);
  await searchFor(page, patient.Surname);
  await expect(searchResult(page, patient.Surname)).toBeVisible();
});

test('simple search hints until three characters, then finds the patient', async ({
  page,
  expectAccessible,
}) => {
  const { suffix, ...fields } = newPatientFields();
  const patient = await createPatient(username, fields);
  await openSignedIn(page, username, '/patients');
  await expect(patientSearchHeading(page)).toBeVisible();
  await searchFor(page, 'T');
  await expect(page.getByText('Type 2 more character(s) to search')).toBeVisible();
  await expectAccessible('patient search with a term too short to search');
  await searchFor(page, 'Te');
  await expect(page.getByText('Type 1 more character(s) to search')).toBeVisible();
  await searchFor(page, patient.Surname);
  await expect(searchResult(page, patient.Surname)).toBeVisible();
  await expectAccessible('patient search with results');
  await searchFor(page, `Nobody${suffix}`);
  await expect(noResultsMessage(page, `Nobody${suffix}`)).toBeVisible();
  await expectAccessible('patient search without results');
});

test('editing the patient on its dashboard saves the change', async ({ page, expectAccessible }) => {
  const { suffix, ...fields } = newPatientFields();
  const patient = await createPatient(username, fields);
  await openSignedIn(page, username, '/patients');
  await searchFor(page, patient.Surname);
  await searchResult(page, patient.Surname).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/dashboard$/);
  await expect(page).toHaveTitle('Patient Dashboard — The Expert Witness Report Tool');
  await expectAccessible('patient dashboard');
  await page.getByRole('button', { name: 'Edit Patient' }).click();
  const modal = patientModal(page);
  await expect(field(modal, 'Surname')).toHaveValue(patient.Surname);
  await expectAccessible('edit patient modal');
  await fillPatientForm(modal, { Solicitorcompany: `Harbour Law ${suffix}` });
  await saveButton(modal).click();
  // The confirmation is announced: antd's message notice is an ARIA alert.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Patient information updated successfully' }),
  ).toBeVisible();
  await expect(page.getByText(`Harbour Law ${suffix}`).first()).toBeVisible();
});

test('deleting the patient data asks for confirmation, reports success and keeps the record', async ({
  page,
  expectAccessible,
}) => {
  const { suffix: _suffix, ...fields } = newPatientFields();
  const patient = await createPatient(username, fields);
  await openSignedIn(page, username, '/patients');
  await searchFor(page, patient.Surname);
  await searchResult(page, patient.Surname).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/dashboard$/);
  await page.getByRole('button', { name: 'Delete Patient Data' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Delete Patient Data' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByText(/embeddings/i).first()).toBeVisible();
  await expect(confirmation.getByText(/record itself remains/i)).toBeVisible();
  await expectAccessible('delete patient data confirmation');
  await confirmation.getByRole('button', { name: 'Delete All Data' }).click();
  await expect(page.getByText('All patient data has been successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/patients$/);
  await searchFor(page, patient.Surname);
  await expect(searchResult(page, patient.Surname)).toBeVisible();
});

test.describe('in a browser set to American English', () => {
  test.use({ locale: 'en-US' });

  test('date fields read and take dd/mm/yyyy, and the date travels as yyyy-mm-dd', async ({ page }) => {
    const { suffix: _suffix, ...fields } = newPatientFields();
    await openSignedIn(page, username, '/patients');
    await page.getByRole('button', { name: 'Add New Patient' }).click();
    const modal = patientModal(page);
    const dateOfBirth = field(modal, 'DateOfBirth');
    await expect(dateOfBirth).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    // 04/12/1980 is 4 December here, whatever the browser's language.
    const saved = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/api\/patients$/.test(request.url()),
    );
    await fillPatientForm(modal, { ...fields, DateOfBirth: '1980-12-04' });
    await expect(dateOfBirth).toHaveValue('04/12/1980');
    await saveButton(modal).click();
    expect((await saved).postDataJSON()).toMatchObject({ DateOfBirth: '1980-12-04' });
    await expect(modal).toBeHidden();

    await searchFor(page, fields.Surname);
    await expect(
      page
        .getByRole('list', { name: 'Search results' })
        .getByRole('listitem')
        .filter({ hasText: fields.Surname }),
    ).toContainText('DOB: 04/12/1980');
    await searchResult(page, fields.Surname).click();
    await page.getByRole('button', { name: 'Edit Patient' }).click();
    await expect(field(patientModal(page), 'DateOfBirth')).toHaveValue(typedDate('1980-12-04'));
  });
});
