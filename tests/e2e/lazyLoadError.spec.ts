import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

/** Spec §8: a lazy page whose code fails, or has not arrived after 120 s, shows a load error with 重新加载. */

const MESSAGE = '页面加载失败，可能是网络不稳定或系统刚刚更新，请重新加载页面。';

test('页面代码下载失败时显示加载失败和重新加载按钮，重新加载后页面正常', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.route('**/assets/AdminToolPage-*.js', (route) => route.abort('failed'));
  await page.goto('/adAdminTool');
  const alert = page.getByRole('alert').filter({ hasText: MESSAGE });
  await expect(alert).toBeVisible();
  await page.unroute('**/assets/AdminToolPage-*.js');
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('button', { name: '开始核对' })).toBeVisible();
});

test('页面代码 120 秒仍未到达时显示加载失败', async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  // The chunk's request is held and never answered.
  const requested = page.waitForRequest(/\/assets\/AdminToolPage-.*\.js$/);
  await page.route('**/assets/AdminToolPage-*.js', () => undefined);
  await page.goto('/adAdminTool');
  // The fake clock runs the page's timers only when told to: run it until the page asks for the chunk.
  while (!(await Promise.race([requested.then(() => true), page.waitForTimeout(200).then(() => false)]))) {
    await page.clock.runFor(100);
  }
  await page.clock.runFor(110_000);
  await expect(page.getByRole('status', { name: '页面加载中' }).first()).toBeVisible();
  await expect(page.getByText(MESSAGE)).toHaveCount(0);
  await page.clock.runFor(11_000);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
});
