import { expect, type Page, test } from '@playwright/test';
import { expectLoggedInAs, loginAs } from './support/login';

/** "actions that say nothing": what an operator does, and what the page must then say. */

/** A day that has not ended (the test server may run on a clock of its own), which the server refuses to reconcile. */
const NOT_ENDED = '2099-01-01';

async function loggedIn(page: Page, username: string) {
  await loginAs(page, username);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

test('a refused action shows the server’s message: 资金对账 of today', async ({ page }) => {
  await loggedIn(page, 'admin');
  await page.goto('/fundReconciliation');
  // The day picker offers only ended days; the request is sent for a later one instead, and the real server
  // answers it.
  await page.route(
    (url) => url.pathname.endsWith('/api/v1/reconciliation/run'),
    (route) => route.continue({ postData: JSON.stringify({ day: NOT_ENDED }) }),
  );
  // The POST itself: the list of runs (GET …/reconciliation/runs) is fetched around it too.
  const ran = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/api/v1/reconciliation/run'),
  );
  await page.getByRole('button', { name: '立即对账' }).click();
  expect((await (await ran).json()).code).toBe(1040400);
  await expect(page.getByRole('alert').filter({ hasText: '只能对已结束的日期对账' })).toBeVisible();
});

test('a failed list load says so and retries, never 暂无数据 or a stale count: 开票记录', async ({ page }) => {
  test.setTimeout(60_000);
  await loggedIn(page, 'merchant');
  await page.route('**/api/v1/invoices/search**', (route) => route.abort());
  await page.goto('/invoiceRecord');
  const failure = page.getByRole('alert').filter({ hasText: '加载失败：' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  await expect(page.getByText(/共 \d+ 条/)).toHaveCount(0);
  await page.unroute('**/api/v1/invoices/search**');
  const reloaded = page.waitForResponse((response) => response.url().includes('/api/v1/invoices/search'));
  await failure.getByRole('button', { name: '重试' }).click();
  expect((await reloaded).status()).toBe(200);
  await expect(page.getByText('加载失败：')).toHaveCount(0);
});

test('账户充值: a failed account load says so and retries instead of dashes', async ({ page }) => {
  test.setTimeout(60_000);
  await loggedIn(page, 'merchant');
  await page.route('**/api/v1/bankaccounts/receiving**', (route) => route.abort());
  await page.goto('/recharge');
  const failure = page.getByRole('alert').filter({ hasText: '加载失败：' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('当前余额')).toHaveCount(0);
  await page.unroute('**/api/v1/bankaccounts/receiving**');
  await failure.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('加载失败：')).toHaveCount(0);
  await expect(page.getByLabel('当前余额')).toHaveText(/元$/);
  await expect(page.getByText('户名', { exact: true })).toBeVisible();
});

test('发布任务: a field’s message goes as soon as the field is fixed, before the next submit', async ({ page }) => {
  await loggedIn(page, 'merchant');
  await page.goto('/taskRelease');
  await page.getByRole('button', { name: '发布任务' }).click();
  const form = page.getByRole('dialog', { name: '发布任务' });
  await form.getByRole('button', { name: '创建任务' }).click();
  await expect(form.getByText('请输入2-64个字的任务名称')).toBeVisible();
  await expect(form.getByText('请输入2-2000个字的任务描述')).toBeVisible();
  await form.getByLabel('任务名称').fill('展会搭建');
  await expect(form.getByText('请输入2-64个字的任务名称')).toHaveCount(0);
  await form.getByLabel('任务描述').fill('展会现场搭建与撤展');
  await expect(form.getByText('请输入2-2000个字的任务描述')).toHaveCount(0);
  await form.getByLabel('需要人数').fill('2');
  await expect(form.getByText(/人数须为/)).toHaveCount(0);
  // A field still wrong keeps its message.
  await expect(form.getByText('请选择行业')).toBeVisible();
});

test('企业费率调整 → 新建 without 生效日期 reads 请选择生效日期, never a raw key', async ({ page }) => {
  await loggedIn(page, 'admin');
  await page.goto('/adJcyHappyElimination/create');
  await page.getByRole('textbox', { name: '服务费率' }).fill('6');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择生效日期')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('@@react-admin@@');
});

test('every message appears in one place and style: react-admin’s notifications too', async ({ page }) => {
  await loggedIn(page, 'admin');
  await expectLoggedInAs(page, /.+/);
  await page.goto('/adJcyHappyElimination/create');
  await page.getByRole('textbox', { name: '服务费率' }).fill('6');
  await page.getByRole('button', { name: '保存' }).click();
  // react-admin says the form is invalid through useNotify; it must come out of the app's one toaster, at the bottom,
  // where it covers neither the header nor the page's title and filters (the next page's, after a save).
  const toast = page.locator('.MuiSnackbar-anchorOriginBottomCenter').getByRole('alert');
  await expect(toast).toBeVisible();
  await expect(page.locator('.MuiSnackbar-root:not(.MuiSnackbar-anchorOriginBottomCenter)')).toHaveCount(0);
  const toastTop = (await toast.boundingBox())?.y ?? 0;
  const header = await page.getByRole('banner').boundingBox();
  const title = await page.getByRole('heading').first().boundingBox();
  expect(header && title).toBeTruthy();
  expect(toastTop).toBeGreaterThan(Math.max(header!.y + header!.height, title!.y + title!.height));
});
