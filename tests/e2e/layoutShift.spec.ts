import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

// Nothing on /adMerchant moves once drawn, from the first paint through the app taking over.

/** Records every layout shift of the page's life, with what moved (the largest sources' elements). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const target = window as unknown as { __layoutShifts: { value: number; moved: string[] }[] };
    target.__layoutShifts = [];
    const nameOf = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.id ? `#${node.id}` : '';
      const classes = typeof node.className === 'string' ? `.${node.className.split(' ').slice(0, 2).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${id}${classes}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        target.__layoutShifts.push({
          value: entry.value,
          moved: (entry.sources ?? []).map(
            (source) =>
              `${nameOf(source.node)} ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function cumulativeShift(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; moved: string[] }[] }).__layoutShifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

test('/adMerchant：首屏到应用接管，布局不移动（CLS < 0.01）', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await recordLayoutShifts(page);
  // A fresh load of the page, as Lighthouse measures it: the first paint, then the app.
  await page.goto('/adMerchant');
  await expect(page.locator('.RaDatagrid-root tbody tr').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const { total, shifts } = await cumulativeShift(page);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
});
