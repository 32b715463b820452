import { readFile } from 'node:fs/promises';
import { DEMO_USERS } from '../support/demoAccounts';
import { expect, test } from '../support/fixtures';
import {
  firstSignIn,
  openWithToken,
  STAND_IN_REPORTED_MODEL,
  startLanguageModelStack,
  type LanguageModelStack,
} from '../support/languageModelStack';
import { openSignedIn } from '../support/signIn';
import { textThroughLibreOffice } from '../support/wordProcessor';

const practitioner = DEMO_USERS.practitioner.username;

test('without a language model or web search, the chatbot and the research assistant say so and answer nothing', async ({
  page,
  expectAccessible,
}) => {
  await openSignedIn(page, practitioner, '/secure-chatbot');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Chatbot' })).toBeVisible();
  await expect(
    page.getByText(/^Chat service is not available: No language model is configured/),
  ).toBeVisible();
  await expect(page.getByLabel('Your message')).toBeDisabled();
  await expectAccessible('secure chatbot without a model');

  await page.goto('/research-assistant');
  await expect(page.getByRole('heading', { level: 1, name: 'Research Assistant' })).toBeVisible();
  await expect(
    page.getByText(/^Research service is not available: Web search is not configured/),
  ).toBeVisible();
  // The default trusted sources are there, switchable but not deletable.
  const nice = page.getByRole('switch', { name: /^Search NICE/ });
  await expect(nice).toBeChecked();
  await expect(page.getByRole('button', { name: /^Delete NICE/ })).toHaveCount(0);
  await nice.click();
  await expect(page.getByText('Source deactivated successfully')).toBeVisible();
  await expect(nice).not.toBeChecked();
  await nice.click();
  await expect(nice).toBeChecked();
  await expectAccessible('research assistant without web search');
});

test.describe('with a language model and web search configured', () => {
  let stack: LanguageModelStack;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startLanguageModelStack();
    token = await firstSignIn(stack.apiUrl, practitioner);
  });

  // Restoring a session rotates its token: keep the one each page ends with for the next test.
  test.afterEach(async ({ page }) => {
    token = (await page.evaluate(() => window.localStorage.getItem('token')).catch(() => null)) ?? token;
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('a practitioner chats with the model the server reports and exports the conversation to Word', async ({
    page,
    expectAccessible,
  }) => {
    stack.standIn.setMode('converse');
    await openWithToken(page, `${stack.hostUrl}/secure-chatbot`, token);
    await expect(page.getByText('Chat service is available')).toBeVisible();
    const composer = page.getByLabel('Your message');
    await composer.fill('What does a whiplash grade II injury mean?');
    await composer.press('Enter');
    const conversation = page.getByRole('log', { name: 'Chat messages' });
    const answer = conversation.getByRole('article', { name: 'Response' });
    await expect(answer).toContainText('You asked:');
    await expect(answer).toContainText('End of response');
    await expect(answer).toContainText(STAND_IN_REPORTED_MODEL);
    await expectAccessible('secure chatbot after an answer');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export Chat/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^chat_history_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.docx$/);
    const saved = await download.path();
    expect((await readFile(saved)).subarray(0, 2).toString()).toBe('PK');
    const text = (await textThroughLibreOffice(saved)).replace(/\s+/g, ' ');
    expect(text).toContain('What does a whiplash grade II injury mean?');
    expect(text).toContain('You asked:');
  });

  test('a research answer cites only pages of the trusted sources, whatever the search returns', async ({
    page,
    expectAccessible,
  }) => {
    stack.standIn.setMode('cite-pages');
    stack.search.setResults([
      {
        url: 'https://www.nice.org.uk/guidance/ng59',
        title: 'Low back pain and sciatica in over 16s',
        content: 'Consider a group exercise programme for people with low back pain.',
      },
      {
        url: 'https://nice.org.uk.example.net/fake',
        title: 'A look-alike page',
        content: 'This page is not on a trusted domain.',
      },
    ]);
    await openWithToken(page, `${stack.hostUrl}/research-assistant`, token);
    await expect(page.getByText('Research service is available')).toBeVisible();
    const composer = page.getByLabel('Your question');
    await composer.fill('What exercise helps low back pain?');
    await composer.press('Enter');
    const answer = page
      .getByRole('log', { name: 'Research conversation' })
      .getByRole('article', { name: 'Response' });
    await expect(answer).toContainText('group exercise programme');
    await expect(answer.getByRole('link', { name: /Low back pain and sciatica/ }).first()).toHaveAttribute(
      'href',
      'https://www.nice.org.uk/guidance/ng59',
    );
    await expect(page.getByText('A look-alike page')).toHaveCount(0);
    await expectAccessible('research assistant after an answer');
  });
});
