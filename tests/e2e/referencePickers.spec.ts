import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// Pickers that show names (issue 14, issue 17 item 3): a filter chosen by a customer-service name keeps working
// and still shows the name after a reload; the id stays in the URL only.
test('/adMerchant：按客服姓名筛选企业，刷新后筛选和姓名都还在', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adMerchant');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: '添加筛选' }).click();
  await page.getByRole('menuitemcheckbox', { name: '客服' }).click();
  const picker = page.getByRole('combobox', { name: '客服' });
  await picker.fill('小王');
  await page.getByRole('option', { name: '客服小王', exact: true }).click();
  await expect(page).toHaveURL((url) => /"serviceId":\d+/.test(decodeURIComponent(url.search)));
  await expect(picker).toHaveValue('客服小王');

  await page.reload();
  await expect(page.getByRole('combobox', { name: '客服' })).toHaveValue('客服小王');
  await expect(page).toHaveURL((url) => /"serviceId":\d+/.test(decodeURIComponent(url.search)));
});

test('商户激活：分公司按名称搜索，服务端分页，不再要求输入编号', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/adActivateMerchant');
  await page.getByRole('button', { name: '添加筛选' }).click();
  await page.getByRole('menuitemcheckbox', { name: '分公司' }).click();
  const picker = page.getByRole('combobox', { name: '分公司' });
  const searched = page.waitForRequest(
    (request) =>
      request.url().includes('/api/v1/references/subsidiary/search') &&
      decodeURIComponent(request.url()).includes('name:上海'),
  );
  await picker.fill('上海');
  await searched;
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const name of await options.allTextContents()) expect(name).toContain('上海');
  await expect(page.getByRole('spinbutton', { name: /编号/ })).toHaveCount(0);
});
