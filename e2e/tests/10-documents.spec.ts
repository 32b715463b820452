import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiGet, createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { textFile, textPdf } from '../support/documentFiles';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

const practitioner = DEMO_USERS.practitioner.username;

async function newPatient(surname: string) {
  const suffix = uniqueSuffix();
  return createPatient(practitioner, {
    FirstName: 'Morgan',
    Surname: `${surname}${suffix}`,
    DateOfBirth: '1971-02-17',
    MRN: `E2E-DOC-${suffix}`,
  });
}

function jobsIndicator(page: Page) {
  return page.getByRole('button', { name: /^Background jobs, \d+ active$/ });
}

test('a practitioner uploads records, watches them processed, finds, downloads and deletes one, and rebuilds the index', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const patient = await newPatient('Records');
  const letter = await textPdf('clinic-letter.pdf', [
    'Orthopaedic clinic letter. Seen on 3 April 2023 after a fall at work.',
    'MRI of the lumbar spine showed an L4/5 disc protrusion.',
  ]);
  const notes = textFile(
    'gp-notes.txt',
    'GP notes. Seen on 12/05/2023 with back pain radiating to the left leg.\n',
  );

  await openSignedIn(page, practitioner, `/documents/process?patientId=${patient.ID_Patient}`);
  await expect(page.getByRole('heading', { name: 'Document Processing' })).toBeVisible();
  await expect(page.getByText(patient.Surname).first()).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([letter, notes]);
  const processButton = page.getByRole('button', { name: 'Process 2 Documents' });
  await expect(processButton).toBeVisible();
  await expect(page.getByText('Ready to process')).toHaveCount(2);
  await expectAccessible('document processing with two files chosen');
  await processButton.click();

  // Both processed, then the spec's redirect to the patient's job list 3 s after the last one finished.
  await expect(page).toHaveURL(new RegExp(`/patient/${patient.ID_Patient}/jobs$`), { timeout: 60_000 });
  const completed = page.getByRole('list', { name: 'Completed Jobs' });
  await expect(completed.getByText('clinic-letter.pdf')).toBeVisible();
  await expect(completed.getByText('gp-notes.txt')).toBeVisible();
  await expect(completed.getByText(/2 chunks created/)).toBeVisible();
  await page.getByRole('button', { name: 'View Details of clinic-letter.pdf' }).click();
  const details = page.getByRole('region', { name: 'Job Details' });
  await expect(details.getByText('Reading the text of each page')).toBeVisible();
  await expectAccessible('job list with job details');

  // The navbar's indicator lists the user's recent jobs and leads to their patient's job list.
  await page.goto(`/patients/${patient.ID_Patient}/dashboard`);
  await jobsIndicator(page).click();
  const recent = page.getByRole('region', { name: 'Recently completed jobs' });
  // This patient's jobs only: a retry runs against the same server, where an earlier patient has the same files.
  const recentJob = (fileName: string) =>
    recent.getByRole('listitem').filter({
      has: page.locator(`a[href="/patient/${patient.ID_Patient}/jobs"]`, { hasText: fileName }),
    });
  await expect(recentJob('gp-notes.txt')).toBeVisible();
  await expectAccessible('background jobs indicator open');
  await recentJob('gp-notes.txt').getByRole('button', { name: 'Dismiss gp-notes.txt' }).click();
  await expect(recentJob('gp-notes.txt')).toHaveCount(0);
  await recentJob('clinic-letter.pdf').getByRole('link', { name: 'clinic-letter.pdf' }).click();
  await expect(page).toHaveURL(new RegExp(`/patient/${patient.ID_Patient}/jobs$`));

  // Found by name, and downloaded byte for byte through its signed link.
  await page.goto(`/documents/search?patientId=${patient.ID_Patient}`);
  await page.getByLabel('Filter by filename or process ID').fill('letter');
  await expect(page.getByRole('button', { name: 'Download clinic-letter.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download gp-notes.txt' })).toHaveCount(0);
  await expectAccessible('document search filtered');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download clinic-letter.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clinic-letter.pdf');
  expect(Buffer.compare(await readFile((await download.path())!), letter.buffer)).toBe(0);

  // Deleted from vector management, then the index rebuilt as a background job.
  await page.goto(`/documents/patient/${patient.ID_Patient}`);
  await expect(page.getByRole('heading', { name: 'Vector Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete gp-notes.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete document' });
  await expect(confirm.getByText('gp-notes.txt')).toBeVisible();
  await expectAccessible('delete document confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete gp-notes.txt' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete clinic-letter.pdf' })).toBeVisible();
  await page.getByRole('button', { name: 'Rebuild Vectors' }).click();
  await expect(page.getByText(/being rebuilt as background job \d+/)).toBeVisible();
  await expectAccessible('vector management after a rebuild was started');
  await expect
    .poll(
      async () => {
        const { body } = await apiGet<{ jobs: { job_type: string; status: string }[] }>(
          `/api/patients/${patient.ID_Patient}/jobs`,
          practitioner,
        );
        return body.jobs.find((job) => job.job_type === 'vector_rebuild')?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
});

test('a Read Only user is refused document processing, in the browser and by the API', async ({
  page,
  expectAccessible,
}) => {
  await openSignedIn(page, DEMO_USERS.readOnly.username, '/documents/process');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(/Read Only/).first()).toBeVisible();
  await expectAccessible('access denied to document processing');
  const patient = await newPatient('Unreadable');
  const refused = await apiGet<{ message: string }>(
    `/api/documents/patient/${patient.ID_Patient}`,
    DEMO_USERS.readOnly.username,
  );
  expect(refused.status).toBe(403);
});

test('a patient the user may only view has no document tools: its job list is refused', async ({ page }) => {
  // dr.patel may only view Priya Raman: opening her dashboard selects her, and her job list is then refused.
  const found = await apiGet<{ patients: { ID_Patient: number; Surname: string }[] }>(
    '/api/patients/search?term=Raman&page=1',
    practitioner,
  );
  const raman = found.body.patients.find((each) => each.Surname === 'Raman');
  if (!raman) throw new Error('the demo patient Priya Raman is missing');
  await openSignedIn(page, practitioner, `/patients/${raman.ID_Patient}/dashboard`);
  await expect(page.getByRole('heading', { name: /Raman/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Patient actions' })).toHaveCount(0);
  await page.goto(`/patient/${raman.ID_Patient}/jobs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  expect((await apiGet(`/api/patients/${raman.ID_Patient}/jobs`, practitioner)).status).toBe(403);
  expect((await apiGet(`/api/documents/patient/${raman.ID_Patient}`, practitioner)).status).toBe(403);
});
