import { readFile } from 'node:fs/promises';
import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { textPdf } from '../support/documentFiles';
import { uploadPatientRecord } from '../support/documentsApi';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';
import { textThroughLibreOffice } from '../support/wordProcessor';

// No language model in the end-to-end stack: events are the passages of the records, kinds come from rules, and the
// screen says so. The model's summaries and their check are proven by the server's tests against a local stand-in.
const practitioner = DEMO_USERS.practitioner.username;

test('a practitioner builds the medical chronology: events in order around the Date of Event, a cited page, the Word table', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Jordan',
    Surname: `Chronology${suffix}`,
    DateOfBirth: '1980-02-14',
    MRN: `E2E-C-${suffix}`,
    DateofEvent: '2023-03-01',
  });
  // Two letters, each stating events in UK date forms; the date of birth and the printing date are not events.
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('gp-letter.pdf', [
      'GP letter. DOB: 14/02/1980. Seen on 12/01/2023 with low back pain after lifting.',
      'Reviewed on 3rd April 2023: pain persisting, referred for physiotherapy.',
    ]),
  );
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('radiology-report.pdf', [
      'Radiology report. MRI of the lumbar spine on 2023-03-20 showed an L4/5 disc protrusion. Printed 01/06/2024.',
    ]),
  );

  await openSignedIn(page, practitioner, `/patients/${patient.ID_Patient}/chronology`);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Chronology' })).toBeVisible();
  await page.getByRole('button', { name: /Build chronology/ }).click();
  const table = page.getByRole('table', {
    name: 'Clinical events in date order, with the Date of Event as a dividing row',
  });
  await expect(table.getByText('MRI of the lumbar spine', { exact: false })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/No language model is configured/)).toBeVisible();

  // In date order, split by the Date of Event: 12 January before it; 20 March and 3 April after it.
  const rows = table.locator('tbody tr');
  const texts = await rows.allInnerTexts();
  const at = (needle: string) => texts.findIndex((text) => text.includes(needle));
  const divider = at('Date of Event: 01/03/2023');
  expect(at('12/01/2023')).toBeGreaterThanOrEqual(0);
  expect(at('12/01/2023')).toBeLessThan(divider);
  expect(divider).toBeLessThan(at('20/03/2023'));
  expect(at('20/03/2023')).toBeLessThan(at('03/04/2023'));
  expect(texts.some((text) => text.includes('14/02/1980') || text.includes('01/06/2024'))).toBe(false);
  await expectAccessible('medical chronology built');

  // A place opens its page, with the stated passage highlighted.
  await table.getByRole('button', { name: /radiology-report\.pdf, p\. 1/ }).click();
  const pageView = page.getByRole('dialog', { name: /radiology-report\.pdf, page 1/ });
  await expect(pageView.locator('mark')).toContainText('L4/5 disc protrusion');
  await expectAccessible('chronology cited page');
  await pageView.getByRole('button', { name: 'Close' }).first().click();

  // The Word export opens in a word processor and holds the table.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export to Word/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Jordan_Chronology${suffix}_chronology_\\d{4}-\\d{2}-\\d{2}\\.docx$`),
  );
  const saved = await download.path();
  expect((await readFile(saved)).subarray(0, 2).toString()).toBe('PK');
  // Table cells wrap: compare with the layout's spaces and line breaks folded.
  const text = (await textThroughLibreOffice(saved)).replace(/\s+/g, ' ');
  expect(text).toContain('20/03/2023');
  expect(text).toContain('L4/5 disc');
  expect(text).toMatch(/radiology-?\s?report/);
  expect(text).toContain('Date of Event: 01/03/2023');
});

test('a date whose day and month cannot be told apart is flagged with both readings; a date no reading makes real is listed as unread', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Robin',
    Surname: `Dates${suffix}`,
    DateOfBirth: '1975-06-02',
    MRN: `E2E-D-${suffix}`,
    DateofEvent: '2021-03-01',
  });
  // A note that names no provider or country, whose numeric dates could each be day or month first; and a letter
  // with a day no calendar has (31 September).
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('sports-note.pdf', ['04/05/2006 Seen for left ankle sprain after a netball game.']),
  );
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('podiatry-letter.pdf', [
      'I assessed the patient in the podiatry clinic on 31/09/2021 for heel pain after her fracture.',
    ]),
  );

  await openSignedIn(page, practitioner, `/patients/${patient.ID_Patient}/chronology`);
  await expect(page.getByRole('heading', { level: 1, name: 'Medical Chronology' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: /Build chronology/ }).click();
  const table = page.getByRole('table', {
    name: 'Clinical events in date order, with the Date of Event as a dividing row',
  });
  const sprain = table.locator('tbody tr', { hasText: 'left ankle sprain' });
  await expect(sprain).toBeVisible({ timeout: 60_000 });
  await expect(sprain.getByText('Day and month may be swapped')).toBeVisible();
  await expect(sprain.getByText('Read as 04/05/2006; may be 05/04/2006')).toBeVisible();

  const unread = page.getByRole('region', { name: 'Unread dates' });
  await expect(unread.getByText(/Unread date: 31\/09\/2021/)).toBeVisible();
  await expect(unread).toContainText('podiatry-letter.pdf, page 1');
  await expect(table).not.toContainText('31/09/2021');
  await expectAccessible('chronology with a flagged date and an unread date');
});
