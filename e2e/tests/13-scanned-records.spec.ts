import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { scannedPdf } from '../support/documentFiles';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

const practitioner = DEMO_USERS.practitioner.username;

test('a scanned record is read page by page by OCR, and a question about its page 2 cites that page as OCR', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Alex',
    Surname: `Scanned${suffix}`,
    DateOfBirth: '1968-11-02',
    MRN: `E2E-OCR-${suffix}`,
  });
  const pages = [
    'General practice record, faxed on 2 February 2022.',
    'Consultation 14 January 2022: persistent numbness in the right thumb since the accident.',
    'Nerve conduction studies arranged at the neurophysiology department.',
    'Seen again on 3 March 2022: symptoms unchanged, splint provided.',
    'Referral letter to the hand surgery clinic, routine priority.',
    'Medication review: amitriptyline 10 mg at night.',
  ];
  const scan = await scannedPdf('faxed-gp-records.pdf', pages);

  await openSignedIn(page, practitioner, `/documents/process?patientId=${patient.ID_Patient}`);
  await expect(page.getByRole('heading', { name: 'Document Processing' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(scan);
  await page.getByRole('button', { name: 'Process 1 Document' }).click();

  // The job reads the scanned pages one by one, and says which.
  await expect(page.getByText(/OCR page \d of 6/).first()).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(new RegExp(`/patient/${patient.ID_Patient}/jobs$`), { timeout: 90_000 });
  await page.getByRole('button', { name: 'View Details of faxed-gp-records.pdf' }).click();
  const details = page.getByRole('region', { name: 'Job Details' });
  await expect(details.getByText(/page 2 read by OCR/)).toBeVisible();
  await expect(details.getByText('Reading scanned pages by OCR')).toBeVisible();
  await expectAccessible('job details of an OCR job');

  await page.goto(`/documents/search?patientId=${patient.ID_Patient}`);
  await expect(page.getByText('OCR: 6 pages')).toBeVisible();
  await expectAccessible('document search with a scanned document');

  await page.goto(`/patients/${patient.ID_Patient}/simplequery`);
  const question = page.getByRole('textbox', { name: /question about this patient/i });
  await question.fill('When was the numbness in the right thumb first recorded?');
  await question.press('Enter');
  await expect(page.getByRole('button', { name: 'Source 1: faxed-gp-records.pdf, page 2' })).toBeVisible();
  await page.getByText(/Detailed locations/).click();
  await expect(page.getByText(/Read by OCR, confidence \d+ %/).first()).toBeVisible();
  await expectAccessible('answer citing an OCR page');
});
