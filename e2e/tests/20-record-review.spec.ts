import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { scannedPdf, textPdf } from '../support/documentFiles';
import { uploadPatientRecord } from '../support/documentsApi';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

// A typed clinic letter and its rescan: the same letter printed, scanned at 300 dpi and read back by OCR. Which pairs
// are copies, and how exactly, is proven by the server's tests; here the browser proves the expert's path through
// the screens: keep one, see the case overview count the copy set aside, and open the page a missing record cites.
const practitioner = DEMO_USERS.practitioner.username;

const LETTER = [
  'Northgate Hospital NHS Trust, Department of Trauma and Orthopaedics',
  'Consultant: Mr Daniel Hughes FRCS, Orthopaedic Spinal Surgeon',
  'Dear Dr Patel,',
  'I reviewed your patient in the spinal clinic on 05/06/2023 with low back pain.',
  'The pain radiates into the left buttock and calf and began after the fall at work.',
  'Straight leg raising was limited to forty degrees on the left with a reduced ankle jerk.',
  'Power was normal throughout and there was no saddle anaesthesia or sphincter upset.',
  'I requested an MRI of the lumbar spine on 05/06/2023 to look for a disc prolapse.',
  'She continues on naproxen and co-codamol and remains off work as a care assistant.',
  'Yours sincerely, Mr Daniel Hughes, Consultant Orthopaedic Spinal Surgeon',
].join('\n');

const MRI_FLAG = 'MRI requested on 05/06/2023: no MRI report is in the records';

test('an expert keeps a letter over its rescan, sees the copy set aside in the case overview, and opens the page of a missing record', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(300_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Eleanor',
    Surname: `Review${suffix}`,
    DateOfBirth: '1968-03-14',
    MRN: `E2E-RR-${suffix}`,
  });
  await uploadPatientRecord(practitioner, patient.ID_Patient, await textPdf('spinal-letter.pdf', [LETTER]));
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await scannedPdf('spinal-letter-rescan.pdf', [LETTER]),
  );

  // Records review groups the two side by side; keeping the typed letter sets the rescan aside.
  await openSignedIn(page, practitioner, `/patients/${patient.ID_Patient}/record-review`);
  await expect(page.getByRole('heading', { level: 1, name: 'Records Review' })).toBeVisible({
    timeout: 60_000,
  });
  const copies = page.getByRole('region', { name: 'Copies of documents' });
  await expect(copies.getByText('1 group of copies among 2 documents; 0 set aside')).toBeVisible({
    timeout: 30_000,
  });
  await expect(copies.getByRole('img', { name: /spinal-letter-rescan\.pdf/ })).toBeVisible();
  await expectAccessible('records review with a group of copies');
  await copies
    .getByRole('button', { name: 'Keep this one: spinal-letter.pdf; set the others aside' })
    .click();
  await expect(copies.getByText('1 group of copies among 2 documents; 1 set aside')).toBeVisible();
  await expect(copies.getByRole('button', { name: 'Bring back spinal-letter-rescan.pdf' })).toBeVisible();

  // Dated flags are read from the chronology: the review links to it, and it is built from the kept letter only.
  const gaps = page.getByRole('region', { name: 'Gaps and missing records' });
  await gaps.getByRole('link', { name: 'Open the medical chronology' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Chronology' })).toBeVisible();
  await page.getByRole('button', { name: /Build chronology/ }).click();
  const events = page.getByRole('table', {
    name: 'Clinical events in date order, with the Date of Event as a dividing row',
  });
  await expect(events.getByText(/MRI of the lumbar spine/).first()).toBeVisible({ timeout: 90_000 });
  await expect(events).not.toContainText('spinal-letter-rescan.pdf');
  await expectAccessible('chronology of the kept letter');

  // The case overview on the dashboard counts the copy set aside, and leads back to the review.
  await page.goto(`/patients/${patient.ID_Patient}/dashboard`);
  const overview = page.getByRole('region', { name: 'Case overview' });
  await expect(overview.getByRole('definition').filter({ hasText: /^2 processed$/ })).toBeVisible({
    timeout: 30_000,
  });
  const setAside = overview.getByRole('term').filter({ hasText: 'Copies set aside' });
  await expect(setAside.locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  await expect(overview.getByText(/up to date/).first()).toBeVisible();
  await expectAccessible('patient dashboard with the case overview');
  await overview.getByRole('link', { name: 'Review copies and gaps' }).click();

  // The missing MRI report is flagged, and its page opens from the flag.
  await expect(page.getByRole('heading', { level: 1, name: 'Records Review' })).toBeVisible();
  const flags = page.getByRole('list', { name: 'Flags' });
  const mri = flags.getByRole('listitem').filter({ hasText: MRI_FLAG });
  await expect(mri).toBeVisible({ timeout: 30_000 });
  await expectAccessible('records review with its flags');
  await mri.getByRole('button', { name: 'Open spinal-letter.pdf, p. 1' }).click();
  const view = page.getByRole('dialog', { name: `${MRI_FLAG}: spinal-letter.pdf, p. 1` });
  await expect(view.getByRole('img', { name: /Page 1 of spinal-letter\.pdf/ })).toBeVisible();
  await expectAccessible('the page that raises the flag');
});
