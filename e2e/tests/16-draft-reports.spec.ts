import { readFile } from 'node:fs/promises';
import { apiPost, createPatient, tokenFor } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { textPdf } from '../support/documentFiles';
import { uploadPatientRecord } from '../support/documentsApi';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';
import { textThroughLibreOffice } from '../support/wordProcessor';

// No language model in the end-to-end stack: each section is an evidence digest of the cited passages, and the
// screen, the Word document and its AI-use appendix say so. Drafting by a model is proven by the server's tests.
const practitioner = DEMO_USERS.practitioner.username;

/** The signed-in user's id, from the token's subject (the prompt calls must name their author). */
async function userIdOf(username: string): Promise<number> {
  const [, payload] = (await tokenFor(username)).split('.');
  return Number(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')).sub);
}

/** A report type of the practitioner's group with two prompts whose words the records answer. */
async function createReportType(name: string): Promise<void> {
  const type = await apiPost<{ lookupType: { ID_LookupType: number } }>(
    '/api/lookup-types',
    { LookupTypeText: name },
    practitioner,
  );
  expect(type.status).toBe(201);
  const author = { ID_User: await userIdOf(practitioner), ID_Group: DEMO_USERS.practitioner.group };
  for (const [title, text] of [
    ['Mechanism of injury', 'Describe the rear-end collision and the whiplash injury it caused.'],
    ['Treatment', 'Summarise the physiotherapy treatment and the progress of the neck pain.'],
  ]) {
    const prompt = await apiPost(
      '/api/lookups',
      { LookupTitle: title, LookupText: text, LookupType: type.body.lookupType.ID_LookupType, ...author },
      practitioner,
    );
    expect(prompt.status).toBe(201);
  }
}

test('a practitioner drafts a report from two records: follows the job, reads the cited digest, downloads the Word draft and finds it listed', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const reportType = `E2E Whiplash ${suffix}`;
  await createReportType(reportType);
  const patient = await createPatient(practitioner, {
    FirstName: 'Robin',
    Surname: `Draft${suffix}`,
    DateOfBirth: '1975-06-30',
    MRN: `E2E-D-${suffix}`,
    DateofEvent: '2023-01-09',
  });
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('ae-record.pdf', [
      'Emergency department. Rear-end collision on 09/01/2023; whiplash injury to the neck, no fracture.',
    ]),
  );
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('physio-letter.pdf', [
      'Physiotherapy discharge letter. Six sessions of physiotherapy treatment; neck pain much improved.',
    ]),
  );

  await openSignedIn(page, practitioner, `/draft-report?patientId=${patient.ID_Patient}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Draft Report' })).toBeVisible();
  await expect(page.getByText(`E2E-D-${suffix}`)).toBeVisible();
  await page.getByLabel('Report type').click();
  // antd lists the options in a virtual list whose items are not exposed as options one by one.
  await page.locator('.ant-select-item-option').filter({ hasText: reportType }).click();
  await expect(page.getByText(/2 prompts/)).toBeVisible();
  await expectAccessible('draft report set up');

  await page.getByRole('button', { name: /Generate Draft Report/ }).click();
  const report = page.getByRole('region', { name: 'Report sections' });
  await expect(report.getByRole('heading', { name: 'Complete Report' })).toBeVisible({ timeout: 90_000 });
  await expect(report.getByRole('heading', { name: 'Mechanism of injury' })).toBeVisible();
  // Each section is a digest of cited pages, labelled as such; the model label is the server's, not a name.
  await expect(report.getByText(/evidence digest, not a draft/).first()).toBeVisible();
  await expect(report.getByText(/ae-record\.pdf, page 1/).first()).toBeVisible();
  await expect(report.getByText(/physio-letter\.pdf, page 1/).first()).toBeVisible();
  await expect(page.getByText(/No language model/).first()).toBeVisible();
  await expect(page.getByText('Claude')).toHaveCount(0);
  await expectAccessible('draft report generated');

  // The Word draft opens in a word processor: the patient, the sections, their sources and the AI-use appendix.
  const documentPanel = page.getByRole('region', { name: 'Document File' });
  const downloading = page.waitForEvent('download');
  await documentPanel.getByRole('button', { name: /^Download / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^Draft${suffix}_Robin_DraftReport_\\d{4}-\\d{2}-\\d{2}_\\d+\\.docx$`),
  );
  const saved = await download.path();
  expect((await readFile(saved)).subarray(0, 2).toString()).toBe('PK');
  const text = (await textThroughLibreOffice(saved)).replace(/\s+/g, ' ');
  expect(text).toContain(`Draft${suffix}`);
  expect(text).toContain('Mechanism of injury');
  expect(text).toContain('whiplash injury');
  expect(text).toMatch(/physio-?\s?letter\.pdf, page 1/);
  expect(text).toContain('Use of artificial intelligence');
  expect(text).toContain('STATEMENT OF TRUTH');

  // The patient's generated reports list it.
  await page.goto(`/generative-docs?patientId=${patient.ID_Patient}`);
  const table = page.getByRole('table', { name: 'Generated reports' });
  await expect(table.getByText(download.suggestedFilename())).toBeVisible();
  await expect(table.getByText(reportType)).toBeVisible();
  await expectAccessible('generated reports');
});
