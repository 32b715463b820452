// `test` for every spec: baseURL is the host of the stack started by global setup, uncaught page errors are
// attached to the report so that a failure shows what the browser complained about, a Content-Security-Policy
// violation fails the test, the session a page ends with is kept for the next test, and `expectAccessible`
// runs axe-core's WCAG 2.2 AA rules on the page as it is now.
import { test as base, expect, type Page } from '@playwright/test';
import { expectAccessible as expectPageAccessible } from './accessibility';
import { keepSessionOf } from './signIn';
import { stackInfo, type StackInfo } from './stackInfo';

export interface Fixtures {
  stack: StackInfo;
  pageErrors: string[];
  /** What the browser reported as blocked by the Content-Security-Policy; any entry fails the test. */
  cspViolations: string[];
  /**
   * Fails on any critical or serious WCAG 2.2 AA violation of the page, naming `screen`, the rules and the
   * elements. Call it on every screen and modal a flow shows, once it has settled:
   * `await expectAccessible('patient search')`.
   */
  expectAccessible: (screen: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  stack: async ({}, use) => {
    await use(stackInfo());
  },
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(stackInfo().hostUrl);
  },
  pageErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use(errors);
      if (errors.length > 0)
        await testInfo.attach('page errors', { body: errors.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.text().includes('Content Security Policy')) violations.push(message.text());
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await use(page);
    await keepSessionOf(page);
  },
  expectAccessible: async ({ page }, use) => {
    await use((screen) => expectPageAccessible(page, screen));
  },
});

export { expect };
