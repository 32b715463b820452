import type { Page } from '@playwright/test';
import { expectAccessible as checkAccessible } from '../support/accessibility';
import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { DICTATED_WORDS, dictationLaunchOptions, dictationWav } from '../support/dictationAudio';
import { expect, test } from '../support/fixtures';
import {
  firstSignIn,
  openWithToken,
  STAND_IN_REPORTED_MODEL,
  startLanguageModelStack,
  type LanguageModelStack,
} from '../support/languageModelStack';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';
import { textThroughLibreOffice } from '../support/wordProcessor';

// Chromium's microphone plays recorded speech; the server recognises it with pocketsphinx, offline.
test.use({ launchOptions: dictationLaunchOptions(), permissions: ['microphone'] });

const practitioner = DEMO_USERS.practitioner.username;
/** Recognition runs in real time: the clip's words arrive a few seconds after Start. */
const SPOKEN = { timeout: 45_000 };

function recordingStatus(page: Page) {
  return page.getByRole('status', { name: 'Recording status' });
}

/** The transcript as recognised: a live log while recording, an editable text box once paused or stopped. */
function finalTranscript(page: Page) {
  return page
    .getByRole('log', { name: 'Final transcript' })
    .or(page.getByRole('textbox', { name: 'Final transcript' }));
}

async function transcriptText(page: Page): Promise<string> {
  // Neither may be there yet while the screen loads: answer what is shown now, without waiting.
  const editor = page.getByRole('textbox', { name: 'Final transcript' });
  if ((await editor.count()) > 0) return editor.inputValue();
  const log = page.getByRole('log', { name: 'Final transcript' });
  return (await log.count()) > 0 ? ((await log.textContent()) ?? '') : '';
}

async function expectTranscript(page: Page, expected: RegExp, options = { timeout: 30_000 }): Promise<void> {
  await expect.poll(() => transcriptText(page), options).toMatch(expected);
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-item-option').filter({ hasText: option }).click();
}

async function newPatient(surname: string): Promise<number> {
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Dana',
    Surname: `${surname}${suffix}`,
    DateOfBirth: '1968-05-14',
    MRN: `E2E-TR-${suffix}`,
  });
  return patient.ID_Patient;
}

/** Saves the Word document the page offers and answers its text as LibreOffice prints it. */
async function downloadedText(page: Page, button: RegExp): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  return (await textThroughLibreOffice(await download.path())).replace(/\s+/g, ' ');
}

test('a clinician dictates, loses the tab, continues from Manage Transcriptions and gets a Word document', async ({
  page,
  context,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const patientId = await newPatient('Dictated');

  // The dictation happens in a tab that is then closed by accident, before anything was saved by hand.
  await openSignedIn(page, practitioner, `/patients`);
  const dictation = await context.newPage();
  await dictation.goto(`/transcription/live?patientId=${patientId}`);
  await expect(dictation.getByRole('heading', { level: 1, name: 'Live Transcription' })).toBeVisible();
  await expect(dictation.getByText('Connected', { exact: true })).toBeVisible();
  await dictation.getByRole('button', { name: 'Start Recording' }).click();
  await expect(dictation.getByText('Please select a transcription type first')).toBeVisible();
  await chooseOption(dictation, 'Transcription type', 'Outpatient Consultation');
  await dictation.getByRole('button', { name: 'Start Recording' }).click();
  await expect(recordingStatus(dictation)).toContainText('RECORDING');
  await expect(finalTranscript(dictation)).toContainText(DICTATED_WORDS, SPOKEN);
  await checkAccessible(dictation, 'live transcription while recording');
  await dictation.getByRole('button', { name: 'Pause' }).click();
  await expect(recordingStatus(dictation)).toContainText('PAUSED');
  await dictation.getByRole('button', { name: 'Resume' }).click();
  await expect(recordingStatus(dictation)).toContainText('RECORDING');
  await dictation.close();

  // Every recognised sentence was stored as it came: the draft is there to continue.
  await page.goto(`/transcription/manage?patientId=${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Transcriptions' })).toBeVisible();
  const incomplete = page.getByRole('table', { name: 'Incomplete transcriptions' });
  await expect(incomplete).toContainText(DICTATED_WORDS);
  await expectAccessible('manage transcriptions');
  await incomplete.getByRole('button', { name: /^Continue editing/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/transcription/live\\?patientId=${patientId}&loadTranscription=\\d+`),
  );
  await expect(
    page.getByText(
      'Transcription loaded from Manage Transcriptions. You can now continue editing and recording.',
    ),
  ).toBeVisible();
  await expectTranscript(page, new RegExp(DICTATED_WORDS));
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  // Dictating on appends to the same transcription.
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expectTranscript(page, new RegExp(`${DICTATED_WORDS}.*${DICTATED_WORDS}`, 's'), SPOKEN);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(recordingStatus(page)).not.toContainText('RECORDING');

  // The typist corrects a recognised word before completing; the document says what the clinician meant.
  const editor = page.getByRole('textbox', { name: 'Final transcript' });
  const recognised = await editor.inputValue();
  const corrected = recognised.replace(DICTATED_WORDS, DICTATED_WORDS.replace('forward', 'backward'));
  expect(corrected).not.toBe(recognised);
  await editor.fill(corrected);
  await expectAccessible('live transcription being corrected');

  // No language model here: the product says so and still writes the document from the transcript.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const complete = page.getByRole('dialog', { name: 'Complete Transcription' });
  await expect(complete.getByText('AI formatting is not configured on this server')).toBeVisible();
  await expectAccessible('complete transcription without a model');
  await complete.getByRole('button', { name: 'Generate Document from transcript' }).click();
  await expect(
    page.getByText('Transcription completed and document generated successfully').first(),
  ).toBeVisible();
  const text = await downloadedText(page, /^Download/);
  expect(text).toContain(DICTATED_WORDS.replace('forward', 'backward'));
  expect(text).toContain(DICTATED_WORDS);

  // Completed, it moves to the other table; deleting it says what goes.
  await page.goto(`/transcription/manage?patientId=${patientId}`);
  const completed = page.getByRole('table', { name: 'Completed transcriptions' });
  await expect(completed).toContainText('Outpatient Consultation');
  await expect(incomplete).toHaveCount(1);
  await completed.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Transcription' });
  await expect(confirm).toContainText('Outpatient Consultation');
  await expect(confirm).toContainText('Complete');
  await expectAccessible('delete transcription confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Transcription deleted successfully')).toBeVisible();
  await expect(completed).not.toContainText('Outpatient Consultation');
});

test.describe('with a language model configured', () => {
  let stack: LanguageModelStack;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startLanguageModelStack();
    token = await firstSignIn(stack.apiUrl, practitioner);
  });

  test.afterEach(async ({ page }) => {
    token = (await page.evaluate(() => window.localStorage.getItem('token')).catch(() => null)) ?? token;
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('an uploaded recording is transcribed as a job, formatted by the model the server reports, and written to Word', async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(180_000);
    stack.standIn.setMode('format-transcription');
    const patient = await (
      await fetch(`${stack.apiUrl}/api/patients`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          FirstName: 'Robin',
          Surname: `Uploaded${uniqueSuffix()}`,
          DateOfBirth: '1975-09-30',
          MRN: `E2E-TRU-${uniqueSuffix()}`,
          DateofEvent: null,
          Solicitorname: null,
          Solicitorcompany: null,
          Solicitorreference: null,
          Ourreference: null,
        }),
      })
    ).json();
    const patientId = patient.patient.ID_Patient as number;

    await openWithToken(page, `${stack.hostUrl}/transcription/upload?patientId=${patientId}`, token);
    await expect(page.getByRole('heading', { level: 1, name: 'Audio Upload Transcription' })).toBeVisible();
    await chooseOption(page, 'Transcription type', 'Outpatient Consultation');
    await page.locator('input[type="file"]').setInputFiles(dictationWav());
    await expectAccessible('audio upload with a file chosen');
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    // The job list of the patient follows, where the recognition runs to completion.
    await expect(page).toHaveURL(new RegExp(`/patient/${patientId}/jobs`), { timeout: 30_000 });
    await expect(page.getByText(/Completed/).first()).toBeVisible({ timeout: 60_000 });

    await page.goto(`${stack.hostUrl}/transcription/manage?patientId=${patientId}`);
    const incomplete = page.getByRole('table', { name: 'Incomplete transcriptions' });
    await expect(incomplete).toContainText(DICTATED_WORDS);
    await incomplete.getByRole('button', { name: /^Continue editing/ }).click();
    await expectTranscript(page, new RegExp(DICTATED_WORDS));

    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const complete = page.getByRole('dialog', { name: 'Complete Transcription' });
    await complete.getByRole('button', { name: 'Process with AI' }).click();
    const processed = page.getByRole('dialog', { name: 'Processed Transcription' });
    await expect(processed).toContainText(STAND_IN_REPORTED_MODEL);
    await expect(processed).toContainText(`Stated: ${DICTATED_WORDS}`);
    await expectAccessible('processed transcription');
    await processed.getByRole('button', { name: /Generate Document/ }).click();
    await expect(
      page.getByText('Transcription completed and document generated successfully').first(),
    ).toBeVisible();
    const text = await downloadedText(page, /^Download/);
    expect(text).toContain(`Stated: ${DICTATED_WORDS}`);
    expect(text).toContain(STAND_IN_REPORTED_MODEL);
  });
});
