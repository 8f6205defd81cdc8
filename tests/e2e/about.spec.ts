import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// 关于我们 opened from the menu stays inside the layout and offers no 返回登录.

test('已登录时从菜单打开关于我们：留在布局内，没有「返回登录」', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '关于我们' }).click();
  await expect(page).toHaveURL(/\/versionUpdate$/);
  await expect(page.getByRole('banner').getByRole('heading', { name: '关于我们' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '打款记录' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '版本更新记录' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回登录' })).toHaveCount(0);

  // And back to a page of the menu, without leaving the app.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '打款记录' }).click();
  await expect(page).toHaveURL(/\/paymentRecord$/);

  // A visitor who is not logged in still gets the public page with 返回登录.
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/versionUpdate');
  await expect(page.getByRole('heading', { name: '关于我们', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回登录' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '打款记录' })).toHaveCount(0);
});
