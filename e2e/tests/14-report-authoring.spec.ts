import type { LookupListResponse, StructuredTemplateListResponse } from '@ewrt/contract';
import { apiGet } from '../support/api';
import { DEMO_USERS } from '../support/demoAccounts';
import { wordDocument } from '../support/documentFiles';
import { expect, test } from '../support/fixtures';
import { uniqueSuffix } from '../support/patientsUi';
import { openSignedIn } from '../support/signIn';
import { textThroughLibreOffice } from '../support/wordProcessor';

const expert = DEMO_USERS.practitioner.username;
const otherGroup = DEMO_USERS.otherGroup.username;

test('an expert prepares what a draft needs: default prompts, a prompt of their own, their style, a Word template and a structured template that meets CPR 35', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(240_000);
  const suffix = uniqueSuffix();
  const promptTitle = `Mechanism of injury ${suffix}`;
  const templateName = `Chambers letterhead ${suffix}`;
  const structuredName = `PI report ${suffix}`;

  // The default set comes into the group; importing again (a retry) copies nothing twice.
  await openSignedIn(page, expert, '/prompt-edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Draft Report Prompts' })).toBeVisible();
  await page.getByRole('button', { name: 'Import Defaults' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Default Report Prompts' });
  await importDialog.getByRole('button', { name: 'Select All' }).click();
  await expect(importDialog.getByRole('button', { name: /^Import Selected \((\d{2,})\)$/ })).toBeVisible();
  await expectAccessible('import default report prompts');
  await importDialog.getByRole('button', { name: /^Import Selected/ }).click();
  await expect(page.getByText(/^Imported \d+ report types? and \d+ prompts?/)).toBeVisible();
  await expect(importDialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill('Range of Opinion');
  await expect(page.getByRole('table', { name: 'Draft report prompts' }).getByText('Range of Opinion').first()).toBeVisible();

  // A prompt of the expert's own.
  await page.getByRole('button', { name: 'Add Prompt' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Prompt' });
  await addDialog.getByRole('textbox', { name: 'Title' }).fill(promptTitle);
  // The type is chosen with the keyboard: typed into the searchable select and taken with Enter.
  const type = addDialog.getByRole('combobox', { name: 'Type' });
  await type.fill('Personal Injury');
  await type.press('Enter');
  await addDialog
    .getByRole('textbox', { name: 'Prompt Content' })
    .fill('Describe the mechanism of the accident from the records, citing file and page for each statement.');
  await expectAccessible('add prompt dialog');
  await addDialog.getByRole('button', { name: 'Add Prompt' }).click();
  await expect(page.getByText('Prompt added successfully')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(suffix);
  await expect(page.getByRole('button', { name: `Edit ${promptTitle}` })).toBeVisible();
  await expectAccessible('draft report prompts');

  // The style document: a real Word document, kept and described.
  await page.goto('/example-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Style Document' })).toBeVisible();
  const style = await wordDocument('my-style.docx', [
    'On examination the claimant walked with an antalgic gait.',
    'In my opinion, on the balance of probabilities, the accident caused the symptoms described.',
  ]);
  await page.locator('input[type="file"]').setInputFiles(style);
  await page.getByRole('button', { name: /^(Upload|Replace Document)$/ }).click();
  await expect(page.getByText(/Example document (uploaded|replaced) successfully/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my-style.docx' })).toBeVisible();
  await expectAccessible('style document');

  // A Word report template, downloaded back and opened in a word processor.
  await page.goto('/report-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Templates' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Template name' }).fill(templateName);
  await page
    .locator('input[type="file"]')
    .setInputFiles(await wordDocument('letterhead.docx', [`Letterhead of the chambers ${suffix}`]));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Your report templates' }).getByText(templateName)).toBeVisible();
  await expectAccessible('report templates');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${templateName}` }).click();
  const download = await downloading;
  expect(await textThroughLibreOffice(await download.path())).toContain(`Letterhead of the chambers ${suffix}`);

  // A structured template: the CPR 35 check names what is missing, one click adds each, then the preview.
  await page.goto('/structured-templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Structured Report Templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Create New Template' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create New Template' });
  await form.getByRole('textbox', { name: 'Template name' }).fill(structuredName);
  const check = form.getByRole('region', { name: 'CPR 35 check' });
  await expect(check.getByText('2 of 10 covered')).toBeVisible();
  await expectAccessible('structured template form');
  const addMissing = check.getByRole('button', { name: /^Add section: / });
  while ((await addMissing.count()) > 0) await addMissing.first().click();
  await expect(check.getByText('10 of 10 covered')).toBeVisible();
  await form.getByRole('button', { name: 'Create Template' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create this template?' });
  // Clicked once the confirmation has finished opening (a click during its zoom-in was once lost on a loaded CI).
  await expect(confirm.getByRole('button', { name: 'Create Template' })).toBeVisible();
  await expect(confirm).not.toHaveClass(/ant-zoom/);
  await confirm.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Template created successfully!')).toBeVisible();

  await page.getByRole('button', { name: `Preview ${structuredName}` }).click();
  const preview = page.getByRole('dialog', { name: structuredName });
  await expect(preview.getByText('SUMMARY OF CONCLUSIONS', { exact: false })).toBeVisible();
  await expect(preview.getByText(/Those that are within my own knowledge I confirm to be true/)).toBeVisible();
  await expectAccessible('structured template preview');

  // Nobody in another group sees any of it.
  const theirPrompts = await apiGet<LookupListResponse>('/api/lookups', otherGroup);
  expect(theirPrompts.body.lookups.map((lookup) => lookup.LookupTitle)).not.toContain(promptTitle);
  const theirTemplates = await apiGet<StructuredTemplateListResponse>(
    '/api/structured-templates/structured-templates',
    otherGroup,
  );
  expect(theirTemplates.body.templates.map((template) => template.template_name)).not.toContain(structuredName);
});
