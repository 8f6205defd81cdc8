import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// The hand-built lists (abnormal funds, payout batches, invoice applications and records, the
// notice inbox, the batches to invoice) get the same first paint as generated lists: their first rows are drawn
// from one early list request before the app and the page's own chunk have loaded (before, the page asked its
// rows only after the app's bundle, its lazy chunk and the app's own requests), then the app takes over.

const PAGES = [
  { user: 'merchant', paths: ['/errorMoney', '/paymentRecord', '/invoiceRecord', '/applyInvoice', '/systemNotice'] },
  { user: 'admin', paths: ['/adTransferLot', '/adInvoice'] },
] as const;

interface FirstRow {
  /** Rows of the first paint's picture when it appeared. */
  painted?: number;
  /** performance.now() when the first table row of any kind appeared. */
  at?: number;
}

for (const { user, paths } of PAGES) {
  test(`${user}：手写列表整页打开时只发一次接口请求就画出首屏行，再由应用接管`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => {
      const state: FirstRow = {};
      (window as unknown as { __firstRow: FirstRow }).__firstRow = state;
      new MutationObserver(() => {
        const painted = document.querySelectorAll('#lg-first-paint tbody tr').length;
        if (painted > 0 && state.painted === undefined) state.painted = painted;
        if (state.at === undefined && document.querySelector('tbody tr td')) state.at = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await loginAs(page, user);
    await expect(page.getByTestId('current-user')).toBeVisible();
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main tbody tr').first()).toBeVisible();
      await expect(page.locator('#lg-first-paint')).toHaveCount(0);
      const { painted, asked } = await page.evaluate(() => {
        const state = (window as unknown as { __firstRow: FirstRow }).__firstRow;
        const asked = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/api(-v1)?\//.test(new URL(entry.name).pathname))
          .filter((entry) => entry.startTime < (state.at ?? 0))
          .map((entry) => new URL(entry.name).pathname);
        return { painted: state.painted, asked };
      });
      expect(painted, `${path} 没有首屏预绘`).toBeGreaterThan(0);
      expect(asked, `${path} 首行出现前的接口请求`).toHaveLength(1);
    }
  });
}
