import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// Spec §9: loading feedback waits 150 ms so that quick calls do not flicker. The header's spinner (over the
// refresh button) waits like the loading bar: a list change answered sooner renders nothing for it.

test('页头的加载图标与顶部加载条一样：请求超过 150 毫秒才出现，数据到达即消失', async ({ page }) => {
  await loginAs(page, 'admin', { path: '/login?Rurl=%2FadMerchant' });
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  const spinner = page.locator('.RaLoadingIndicator-loader');
  const bar = page.getByRole('progressbar', { name: '加载中' });

  // The page's timers run only when the test says; the next list's rows are held until released.
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '主体信息' }).click();
  await expect(page).toHaveURL(/\/adTheMainInformation$/);
  await expect(page.getByRole('banner').getByText('主体信息', { exact: true })).toBeVisible();
  // The list is waiting for its rows; without the page's clock moving, nothing says so yet.
  await page.waitForTimeout(300);
  await expect(spinner).toHaveCount(0);
  await expect(bar).toHaveCount(0);

  await page.clock.runFor(200);
  await expect(spinner).toBeVisible();
  await expect(bar).toBeVisible();

  release();
  await expect(page.locator('.RaDatagrid-root tbody tr td').first()).toBeVisible();
  await expect(spinner).toHaveCount(0);
  await expect(bar).toHaveCount(0);
});
