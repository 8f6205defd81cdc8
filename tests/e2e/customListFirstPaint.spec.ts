import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// Issue 17 item 14: the hand-built lists that render the generated list (abnormal funds, payout batches,
// invoice applications) get the same first paint as generated lists: their first rows are drawn from the early
// list request before the app and the page's own chunk have loaded, then the app's list takes over.

const PAGES = [
  { user: 'merchant', paths: ['/errorMoney', '/paymentRecord', '/invoiceRecord'] },
  { user: 'admin', paths: ['/adTransferLot', '/adInvoice'] },
] as const;

for (const { user, paths } of PAGES) {
  test(`${user}：手写列表整页打开时先画出首屏行，再由应用接管`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => {
      const target = window as unknown as { __firstPaintRows?: number };
      new MutationObserver(() => {
        const rows = document.querySelectorAll('#lg-first-paint tbody tr').length;
        if (rows > 0 && target.__firstPaintRows === undefined) target.__firstPaintRows = rows;
      }).observe(document, { childList: true, subtree: true });
    });
    await loginAs(page, user);
    await expect(page.getByTestId('current-user')).toBeVisible();
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('.RaDatagrid-root tbody tr').first()).toBeVisible();
      const drawn = await page.evaluate(() => (window as unknown as { __firstPaintRows?: number }).__firstPaintRows);
      expect(drawn, `${path} 没有首屏预绘`).toBeGreaterThan(0);
      await expect(page.locator('#lg-first-paint')).toHaveCount(0);
    }
  });
}
