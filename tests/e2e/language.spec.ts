import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// English covered react-admin's strings and little else, so the language switch is gone and a
// locale kept from an earlier English visit goes back to Chinese.

test('页头没有语言切换；以前选过英文的浏览器也显示中文', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  await expect(page.getByText(/^第 1-10 条，共 \d+ 条$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '简体中文' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'English' })).toHaveCount(0);
  // The refresh button stays.
  await expect(page.getByRole('banner').getByRole('button', { name: '刷新' })).toBeVisible();

  // react-admin keeps the chosen locale in localStorage: an old choice of English no longer sticks.
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByText(/^第 1-10 条，共 \d+ 条$/)).toBeVisible();
  await expect(page.getByText(/^1-10 of \d+$/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '显示列' })).toBeVisible();
});
