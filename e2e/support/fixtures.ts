// `test` for every spec: baseURL is the host of the stack started by global setup, and uncaught page errors are
// attached to the report so that a failure shows what the browser complained about.
import { test as base, expect } from '@playwright/test';
import { stackInfo, type StackInfo } from './stackInfo';

export const test = base.extend<{ stack: StackInfo; pageErrors: string[] }>({
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
});

export { expect };
