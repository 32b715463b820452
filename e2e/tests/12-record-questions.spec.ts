import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { PatientDocumentListResponse } from '@ewrt/contract';
import { apiGet, createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { textFile, textPdf } from '../support/documentFiles';
import { uploadPatientRecord } from '../support/documentsApi';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';
import { pdfText, textThroughLibreOffice } from '../support/wordProcessor';

// No language model is configured in the end-to-end stack, as on a fresh machine: answers come from retrieval alone
// and say so. Written answers through a model are proven by the server's tests against a local stand-in.
const practitioner = DEMO_USERS.practitioner.username;
const MRI_SENTENCE = 'Radiology report 12 March 2021: MRI of the lumbar spine showed a disc prolapse at L4/5.';

test('a practitioner asks about a patient\u2019s records, opens the cited page, exports the answers and builds the record bundle', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Robin',
    Surname: `Questions${suffix}`,
    DateOfBirth: '1975-09-30',
    MRN: `E2E-Q-${suffix}`,
  });
  const records = await textPdf('hospital-records.pdf', [
    'Emergency department record, 1 March 2021. Fall from a ladder at work.',
    MRI_SENTENCE,
    'Physiotherapy discharge letter, 20 June 2021. Residual stiffness.',
  ]);
  await uploadPatientRecord(practitioner, patient.ID_Patient, records);
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    textFile('gp-notes.txt', 'GP notes, 05/04/2021. Back pain radiating to the left leg.\n'),
  );

  // The answer cites file and page 2, and says plainly that no language model wrote it.
  await openSignedIn(page, practitioner, `/patients/${patient.ID_Patient}/simplequery`);
  await expect(page.getByRole('heading', { name: 'Query Medical Records' })).toBeVisible();
  const question = page.getByRole('textbox', { name: /question about this patient/i });
  await question.fill('What did the MRI of the lumbar spine show?');
  await question.press('Enter');
  await expect(page.getByText('No language model configured: answer from retrieval only')).toBeVisible();
  const citation = page.getByRole('button', { name: 'Source 1: hospital-records.pdf, page 2' });
  await expect(citation).toBeVisible();
  await expectAccessible('record questions with an answer');

  // The citation opens that page with the passage highlighted, beside the original file's download.
  await citation.click();
  const pageView = page.getByRole('dialog', { name: 'Source 1: hospital-records.pdf, page 2' });
  await expect(pageView.locator('mark')).toContainText('disc prolapse at L4/5');
  await expect(pageView.getByText('2 of 3')).toBeVisible();
  await expectAccessible('cited page view');
  const original = page.waitForEvent('download');
  await pageView.getByRole('button', { name: 'Download original' }).click();
  const downloadedOriginal = await original;
  expect(downloadedOriginal.suggestedFilename()).toBe('hospital-records.pdf');
  expect(Buffer.compare(await readFile(await downloadedOriginal.path()), records.buffer)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(pageView).toBeHidden();
  await expect(citation).toBeFocused();

  // The export is a Word document a word processor opens, with the question, the answer and its sources.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toMatch(
    new RegExp(`^Robin_Questions${suffix}_conversation_\\d{4}-\\d{2}-\\d{2}\\.docx$`),
  );
  await expect(page.getByText('Conversation exported successfully')).toBeVisible();
  const exportedText = (await textThroughLibreOffice(await exported.path())).replace(/\s+/g, ' ');
  expect(exportedText).toContain('What did the MRI of the lumbar spine show?');
  expect(exportedText).toContain('disc prolapse at L4/5');
  expect(exportedText).toMatch(/hospital-records\.pdf,? page 2/);

  // The bundle: an index page, then both documents, every page numbered.
  await page.goto(`/pagination?patientId=${patient.ID_Patient}`);
  await expect(page.getByRole('heading', { name: 'Record Bundle' })).toBeVisible();
  await expect(page.getByTestId('area-outlet').getByText('hospital-records.pdf')).toBeVisible();
  await expectAccessible('record bundle before the first bundle');
  await page.getByRole('button', { name: 'Generate bundle' }).click();
  const bundleDownload = page.getByRole('button', { name: 'Download bundle' });
  await expect(bundleDownload).toBeVisible({ timeout: 90_000 });
  const index = page.getByRole('table');
  await expect(index.getByRole('row', { name: /hospital-records\.pdf.*2–4/ })).toBeVisible();
  await expect(index.getByRole('row', { name: /gp-notes\.txt.*\b5\b/ })).toBeVisible();
  await expectAccessible('record bundle made');
  const bundling = page.waitForEvent('download');
  await bundleDownload.click();
  const bundle = await bundling;
  const bundlePath = await bundle.path();
  expect((await PDFDocument.load(await readFile(bundlePath))).getPageCount()).toBe(5);
  const bundleText = await pdfText(bundlePath);
  expect(bundleText).toContain('hospital-records.pdf');
  for (let number = 1; number <= 5; number += 1) expect(bundleText).toContain(`Page ${number}`);

  // Once a bundle exists, the same question's citation names the bundle page too (the index takes page 1).
  await page.goto(`/patients/${patient.ID_Patient}/simplequery`);
  await question.fill('What did the MRI of the lumbar spine show?');
  await question.press('Enter');
  await expect(
    page.getByRole('button', { name: 'Source 1: hospital-records.pdf, page 2 (bundle page 3)' }),
  ).toBeVisible();
});

test('opinion documents are one user\u2019s own: uploaded, processed and questioned by them, invisible to a colleague', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const owner = DEMO_USERS.groupAdmin.username;
  const name = `opinion-${uniqueSuffix()}.pdf`;
  const opinion = await textPdf(name, [
    'In my opinion a lumbar disc prolapse after a fall from height usually settles within eighteen months.',
  ]);

  await openSignedIn(page, owner, '/opinions/upload');
  await expect(page.getByRole('heading', { name: 'Opinion Document Processing' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(opinion);
  await page.getByRole('button', { name: 'Process 1 Document' }).click();
  await expect(page.getByText('Chunks created: 1')).toBeVisible({ timeout: 60_000 });
  await expectAccessible('opinion upload processed');

  await page.getByRole('button', { name: 'Query Opinion Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Query Opinion Documents' })).toBeVisible();
  const question = page.getByRole('textbox', { name: /question about your opinion documents/i });
  await question.fill('How long does a disc prolapse take to settle after a fall?');
  await question.press('Enter');
  await expect(page.getByRole('button', { name: `Source 1: ${name}, page 1` })).toBeVisible();
  await expect(page.getByText('Claude 3.7 Sonnet')).toHaveCount(0);
  await expectAccessible('opinion questions with an answer');

  await page.goto('/opinion-documents');
  await expect(page.getByRole('button', { name: `Download ${name}` })).toBeVisible();
  await expectAccessible('opinion documents');

  // A colleague in the same group, and an administrator, list nothing of it.
  for (const colleague of [practitioner, DEMO_USERS.admin.username]) {
    const listed = await apiGet<PatientDocumentListResponse>('/api/opinions/documents', colleague);
    expect(listed.status).toBe(200);
    expect(listed.body.documents.map((document) => document.filename)).not.toContain(name);
  }
});
