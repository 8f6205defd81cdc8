import type { Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * The critical and serious WCAG 2.1 A/AA violations on the page as it is now, one readable line each.
 *
 * axe-core runs in the page itself, injected once per document: a walk navigates inside the app, so later pages
 * reuse it. (@axe-core/playwright's AxeBuilder evaluates axe's 1.3 MB source again on every call, then opens a
 * blank page, injects it there too and hands over every rule's passes to finish the run: two thirds of a walk's
 * time went there. Our pages have no frames, which is what that round trip is for.)
 */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    WCAG_TAGS,
  );
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${label}  ${violation.id} (${violation.impact})  ${node.target.join(' ')}`),
    );
}
