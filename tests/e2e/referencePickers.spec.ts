import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

// Pickers that show names: a filter chosen by a customer-service name keeps working
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
  // The chosen name shows whole in the filter bar (the picker is as wide as a text filter).
  expect(await picker.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);

  await page.reload();
  await expect(page.getByRole('combobox', { name: '客服' })).toHaveValue('客服小王');
  await expect(page).toHaveURL((url) => /"serviceId":\d+/.test(decodeURIComponent(url.search)));
});

test('商户激活：分公司按名称搜索，服务端分页，不再要求输入编号', async ({ page }) => {
  await loginAs(page, 'admin');
  // Opened before the login has answered, the page would find no session and go back to /login.
  await expect(page.getByTestId('current-user')).toBeVisible();
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
  // The picker's options (a list's page-size chooser is a native select with options of its own).
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const name of await options.allTextContents()) expect(name).toContain('上海');
  await expect(page.getByRole('spinbutton', { name: /编号/ })).toHaveCount(0);
});

test('合同模板列出签约主体名称，模板和完税证明的表单按名称选择签约主体和企业', async ({ page }) => {
  test.setTimeout(60_000);
  const bound = await withServerDb((db) =>
    db
      .selectFrom('agreement_templates as t')
      .innerJoin('enterprises as e', 'e.id', 't.entid')
      .select(['t.nm', 'e.name'])
      .orderBy('t.id')
      .executeTakeFirstOrThrow(),
  );
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adContractTemplate');
  await page.getByRole('textbox', { name: '模板名称' }).fill(bound.nm);
  const row = page.locator('.RaDatagrid-root tbody tr').filter({ hasText: bound.nm }).first();
  await expect(row.locator('td.column-entid')).toHaveText(bound.name);
  await expect(page.getByRole('columnheader', { name: /编号$/ }).filter({ hasText: '签约主体' })).toHaveCount(0);

  await page.goto('/adContractTemplate/create');
  await expect(page.getByRole('combobox', { name: '签约主体' })).toBeVisible();
  await expect(page.getByLabel(/签约主体编号/)).toHaveCount(0);

  await page.goto('/adTaxPaymentCertificate/create');
  const company = page.getByRole('combobox', { name: '企业' });
  await company.fill('灵动');
  await expect(page.getByRole('option', { name: '上海灵动科技有限公司', exact: true })).toBeVisible();
  await expect(page.getByLabel(/企业编号|二选一/)).toHaveCount(0);
});
