import type { PageImageResponse } from '@ewrt/contract';
import { createPatient } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { textPdf } from '../support/documentFiles';
import { uploadPatientRecord } from '../support/documentsApi';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';

const practitioner = DEMO_USERS.practitioner.username;
const MRI_SENTENCE =
  'Radiology report 12 March 2021: MRI of the lumbar spine showed a disc prolapse at L4/5.';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a citation from a record answer opens its page as it looks, the cited words marked on it', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const patient = await createPatient(practitioner, {
    FirstName: 'Page',
    Surname: `Viewer${suffix}`,
    DateOfBirth: '1975-09-30',
    MRN: `E2E-PV-${suffix}`,
  });
  await uploadPatientRecord(
    practitioner,
    patient.ID_Patient,
    await textPdf('imaging-records.pdf', [
      'Emergency department record, 1 March 2021. Fall from a ladder at work.',
      MRI_SENTENCE,
    ]),
  );

  await openSignedIn(page, practitioner, `/patients/${patient.ID_Patient}/simplequery`);
  const question = page.getByRole('textbox', { name: /question about this patient/i });
  await question.fill('What did the MRI of the lumbar spine show?');
  await question.press('Enter');
  const citation = page.getByRole('button', { name: 'Source 1: imaging-records.pdf, page 2' });
  await expect(citation).toBeVisible();

  const imageAnswer = page.waitForResponse(
    (response) => /\/pages\/[^/]+\/2\/image\?/.test(response.url()) && response.status() === 200,
  );
  await citation.click();
  const view = page.getByRole('dialog', { name: 'Source 1: imaging-records.pdf, page 2' });
  const served = (await (await imageAnswer).json()) as PageImageResponse;
  const image = view.getByRole('img', { name: 'Page 2 of imaging-records.pdf as it looks in the original' });
  await expect(image).toBeVisible();
  // The image really loaded (a broken link leaves it with no natural size).
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(served.width);

  // The highlight sits where the server placed the passage, and over the cited words as drawn.
  const highlights = view.getByTestId('passage-box');
  await expect(highlights).toHaveCount(served.passage_boxes.length);
  expect(served.passage_boxes.length).toBeGreaterThan(0);
  const frame = (await image.boundingBox())!;
  const onScreen = (box: Rect): Rect => ({
    x: frame.x + box.x * frame.width,
    y: frame.y + box.y * frame.height,
    width: box.width * frame.width,
    height: box.height * frame.height,
  });
  for (const [index, box] of served.passage_boxes.entries()) {
    const shown = (await highlights.nth(index).boundingBox())!;
    const expected = onScreen(box);
    expect(Math.abs(shown.x - expected.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(shown.y - expected.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(shown.width - expected.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(shown.height - expected.height)).toBeLessThanOrEqual(2);
  }
  const shownBoxes = await Promise.all(
    served.passage_boxes.map(async (_, index) => (await highlights.nth(index).boundingBox())!),
  );
  for (const cited of ['prolapse', 'lumbar', 'Radiology']) {
    const word = served.words.find((candidate) => candidate.text.startsWith(cited));
    expect(word, `the page's words include "${cited}"`).toBeDefined();
    expect(shownBoxes.some((box) => overlaps(box, onScreen(word!)))).toBe(true);
  }
  // The words of page 1 are not on this page: nothing marks the first page's sentence.
  expect(served.words.some((word) => word.text === 'ladder')).toBe(false);

  // The text stays beside the image, the passage highlighted in it.
  await expect(view.locator('mark')).toContainText('disc prolapse at L4/5');
  await expectAccessible('page view with the cited page image');

  // Keyboard: zoom from the focused image, then the previous page.
  await view.getByRole('group', { name: /Image of page 2 of imaging-records\.pdf/ }).focus();
  await page.keyboard.press('+');
  await expect(view.getByText('Zoom 150%')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(
    view.getByRole('img', { name: 'Page 1 of imaging-records.pdf as it looks in the original' }),
  ).toBeVisible();
  await expect(view.getByTestId('passage-box')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
});
