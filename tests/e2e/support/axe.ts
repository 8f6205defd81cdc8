import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA: a critical or serious violation of these fails a page whatever else holds. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Lighthouse's accessibility category (v12, core/gather/gatherers/accessibility.js and default-config.js): axe with
 * the WCAG 2 A/AA rules, these further rules, and those it turns off. A page scores 100 when none of its weighted
 * audits fails, whatever the violation's impact; the audits of weight 0 are informative only.
 */
const LIGHTHOUSE_EXTRA_RULES = [
  'accesskeys',
  'aria-allowed-role',
  'aria-conditional-attr',
  'aria-deprecated-role',
  'aria-dialog-name',
  'aria-prohibited-attr',
  'aria-treeitem-name',
  'aria-text',
  'empty-heading',
  'heading-order',
  'html-xml-lang-mismatch',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'input-button-name',
  'label-content-name-mismatch',
  'landmark-one-main',
  'link-in-text-block',
  'meta-viewport',
  'select-name',
  'skip-link',
  'tabindex',
  'table-duplicate-name',
  'table-fake-caption',
  'target-size',
  'td-has-header',
];
const LIGHTHOUSE_OFF = new Set([
  'area-alt',
  'aria-braille-equivalent',
  'aria-roledescription',
  'audio-caption',
  'blink',
  'duplicate-id',
  'frame-focusable-content',
  'frame-title-unique',
  'marquee',
  'nested-interactive',
  'no-autoplay-audio',
  'role-img-alt',
  'scrollable-region-focusable',
  'server-side-image-map',
  'summary-name',
  'svg-img-alt',
]);
const LIGHTHOUSE_UNWEIGHTED = new Set([
  'empty-heading',
  'identical-links-same-purpose',
  'landmark-one-main',
  'label-content-name-mismatch',
  'table-fake-caption',
  'td-has-header',
]);

interface AxeViolation {
  id: string;
  impact?: string | null;
  tags: string[];
  nodes: { target: unknown[] }[];
}

/** Would this violation cost the page its Lighthouse accessibility score of 100? */
function costsLighthouseScore(violation: AxeViolation): boolean {
  if (LIGHTHOUSE_OFF.has(violation.id) || LIGHTHOUSE_UNWEIGHTED.has(violation.id)) return false;
  return (
    LIGHTHOUSE_EXTRA_RULES.includes(violation.id) ||
    violation.tags.includes('wcag2a') ||
    violation.tags.includes('wcag2aa')
  );
}

/**
 * What keeps the page as it is now from passing: a critical or serious WCAG 2.1 A/AA violation, or any violation
 * that Lighthouse's accessibility score counts (every page 100). One readable line each.
 *
 * axe-core runs in the page itself, injected once per document: a walk navigates inside the app, so later pages
 * reuse it. (@axe-core/playwright's AxeBuilder evaluates axe's 1.3 MB source again on every call, then opens a
 * blank page, injects it there too and hands over every rule's passes to finish the run: two thirds of a walk's
 * time went there. Our pages have no frames, which is what that round trip is for.)
 */
export async function accessibilityProblems(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ({ tags, extra }) =>
      (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules: Object.fromEntries(extra.map((rule) => [rule, { enabled: true }])),
          resultTypes: ['violations'],
        })
        .then((results) => results.violations),
    // The unweighted ones stay off: some are experimental in axe, and they do not count.
    { tags: WCAG_TAGS, extra: LIGHTHOUSE_EXTRA_RULES.filter((rule) => !LIGHTHOUSE_UNWEIGHTED.has(rule)) },
  );
  return violations
    .filter(
      (violation) =>
        ((violation.impact === 'critical' || violation.impact === 'serious') &&
          violation.tags.some((tag) => WCAG_TAGS.includes(tag))) ||
        costsLighthouseScore(violation),
    )
    .flatMap((violation) =>
      violation.nodes.map((node) => `${label}  ${violation.id} (${violation.impact})  ${node.target.join(' ')}`),
    );
}
