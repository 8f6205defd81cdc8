import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

test('商户在合同管理中只看到本公司的合同', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/contractManagement?perPage=200');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const companies = await page.locator('tbody td.column-companyName').allTextContents();
  expect(companies.length).toBeGreaterThan(0);
  expect(new Set(companies)).toEqual(new Set(['上海灵动科技有限公司']));
});

test('管理员在平台合作中看到多家公司的合同，并可按状态筛选', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adPlatformCooperation?perPage=200');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const companies = await page.locator('tbody td.column-companyName').allTextContents();
  expect(new Set(companies).size).toBeGreaterThan(1);

  await page.getByRole('combobox', { name: '合同状态' }).click();
  await page.getByRole('option', { name: '未签署' }).click();
  await expect(page).toHaveURL(/contractStatus/);
  await expect(page.locator('tbody tr').first()).toBeVisible();
  // the rows are replaced once the filtered page arrives
  await expect
    .poll(async () => [...new Set(await page.locator('tbody td.column-contractStatus').allTextContents())])
    .toEqual(['未签署']);
});
