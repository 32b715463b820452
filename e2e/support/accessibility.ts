// WCAG 2.2 AA as axe-core checks it, run on every screen and modal a flow visits. A flow calls
// `expectAccessible(page, 'patient search')` (or the `expectAccessible` fixture) once the screen is settled.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets of WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 added AA rules only). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** What fails a screen: a person relying on assistive technology is blocked or badly hindered. */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/** One rule broken on the page, with the elements that break it (axe-core's `Result`). */
export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Waits until no finite animation or transition runs: a modal fading in is half transparent, and axe would
 * measure the contrast of a frame nobody reads. Endless ones (spinners) do not count.
 */
async function waitForSettledAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/** Every WCAG 2.2 AA violation on the page once it has settled, whatever its impact. */
export async function auditAccessibility(page: Page): Promise<AxeViolation[]> {
  await waitForSettledAnimations(page);
  const results = await new AxeBuilder({ page }).withTags([...WCAG_22_AA_TAGS]).analyze();
  return results.violations;
}

/** The violations that fail a screen. */
export function blockingViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/** One paragraph per rule: id, impact, what it asks, and the offending elements' selectors. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n');
      return `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${targets}`;
    })
    .join('\n');
}

/** Fails with the rules and elements when axe finds a critical or serious WCAG 2.2 AA violation on `screen`. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const blocking = blockingViolations(await auditAccessibility(page));
  expect(
    blocking.length,
    `${screen}: ${blocking.length} critical or serious accessibility violation(s)\n${describeViolations(blocking)}`,
  ).toBe(0);
}
